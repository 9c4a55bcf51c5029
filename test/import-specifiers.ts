// Reads what each source file imports, for the tests that hold the layers to their allow-lists:
// every `import ... from`, `export ... from`, side-effect `import '...'` and `import('...')`,
// with the repository-relative path a relative specifier points at.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface ImportSpecifier {
  /** The importing file, relative to the repository (`shared/formats/pack.ts`). */
  file: string;
  specifier: string;
  /** For a relative specifier, the path it names relative to the repository, without extension (`shared/formats/errors`). */
  target?: string;
}

// Comments are dropped first so a commented example cannot count as an import.
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/.*$/gm;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)(['"])([^'"\n]+)\1/gm;

/** Every .ts and .tsx file under `folder` (relative to the repository), as repository-relative posix paths. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(join(REPOSITORY, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(REPOSITORY, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

export function importsOf(file: string): ImportSpecifier[] {
  const text = readFileSync(join(REPOSITORY, file), 'utf8').replace(COMMENT, '$1');
  return [...text.matchAll(SPECIFIER)].map((match) => {
    const specifier = match[2] ?? '';
    if (!specifier.startsWith('.')) return { file, specifier };
    return { file, specifier, target: posix.join(posix.dirname(file), specifier).replace(/\.tsx?$/, '') };
  });
}

/** The package a bare specifier names: `@scope/name` or `name`, without the path inside it. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}
