// Proves features meet only at their public entries: a file of renderer/features/<a>/ imports
// another feature <b> through renderer/features/<b>/index.ts (`'../b'`) or not at all, so a
// feature's other files are its own to change.

import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../import-specifiers';

const FEATURE = /^renderer\/features\/([^/]+)(?:\/(.*))?$/;

describe('imports between features', () => {
  const imports = sourceFiles('renderer/features').flatMap(importsOf);
  const across = imports.filter(({ file, target }) => {
    const to = target === undefined ? null : FEATURE.exec(target);
    return to !== null && to[1] !== FEATURE.exec(file)?.[1];
  });

  it('finds the imports it checks', () => {
    expect(across.length).toBeGreaterThan(20);
  });

  it('go through the public entry of the other feature', () => {
    const inner = across.filter(({ target }) => {
      const rest = FEATURE.exec(target ?? '')?.[2];
      return rest !== undefined && rest !== 'index';
    });
    expect(inner.map(({ file, specifier }) => `${file}: ${specifier}`)).toEqual([]);
  });
});
