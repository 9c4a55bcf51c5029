// The stable id made for a bundle without one (slug of its name plus a content hash, so
// re-importing the same file gives the same id); it keeps to the study id rule of domain/ids.ts.

import { sha256Hex } from './sha256';

/** Lower-case ASCII words joined by "-", at most `maxChars` long; '' when nothing is left. */
export function slugify(text: string, maxChars = 48): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, maxChars)
    .replace(/-+$/, '');
}

/** `pilot-study-1a2b3c4d` for a bundle named "Pilot study" whose text hashes to 1a2b3c4d…. */
export function generatedStudyId(name: string, fileText: string): string {
  return `${slugify(name) || 'study'}-${sha256Hex(fileText).slice(0, 8)}`;
}

/** The file name without folders and without its last extension: `runs/pilot.jsonl` -> `pilot`. */
export function baseName(fileName: string): string {
  const last = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(0, dot) : last;
}
