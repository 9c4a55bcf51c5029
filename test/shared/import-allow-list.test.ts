// Proves shared/ stays pure by an allow-list, not a deny-list: its files import only each other,
// zod, @noble/hashes and quickselect (pure computation, no input or output). The libraries for other programs' file types (YAML, workbooks, SQLite)
// are handed in by the command line and the import workers (formats/importers/file-readers.ts).

import { describe, expect, it } from 'vitest';
import { importsOf, packageOf, sourceFiles } from '../import-specifiers';

const ALLOWED_PACKAGES = new Set(['zod', '@noble/hashes', 'quickselect']);

describe('what shared/ imports', () => {
  const imports = sourceFiles('shared').flatMap(importsOf);

  it('finds the imports it checks', () => {
    expect(imports.some(({ specifier }) => specifier === 'zod')).toBe(true);
    expect(imports.filter(({ target }) => target !== undefined).length).toBeGreaterThan(100);
  });

  it('imports no package but zod, @noble/hashes and quickselect', () => {
    const others = imports.filter(({ target, specifier }) => target === undefined && !ALLOWED_PACKAGES.has(packageOf(specifier)));
    expect(others.map(({ file, specifier }) => `${file}: ${specifier}`)).toEqual([]);
  });

  it('imports no file outside shared/', () => {
    const outside = imports.filter(({ target }) => target !== undefined && !target.startsWith('shared/'));
    expect(outside.map(({ file, specifier }) => `${file}: ${specifier}`)).toEqual([]);
  });
});
