// The names a study's team server uses for each annotator: one database and one user per annotator
// per study (CouchDB grants reads per database, which is what keeps annotators blind). CouchDB
// database names allow only lowercase letters, digits and _$()+-/ and must start with a letter, so
// the names are readable slugs with a hash that keeps two studies or annotators from colliding.

import { sha256Hex } from '../formats/sha256';

const MAX_SLUG = 40;

function slug(text: string): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cleaned.slice(0, MAX_SLUG).replace(/-+$/, '') || 'x';
}

/** `as-<study>-<annotator>-<hash>`: a valid CouchDB database name, the same for the same study and annotator everywhere. */
export function annotatorDatabaseName(studyId: string, annotatorId: string): string {
  const hash = sha256Hex(JSON.stringify([studyId, annotatorId])).slice(0, 10);
  return `as-${slug(studyId)}-${slug(annotatorId)}-${hash}`;
}

/** The annotator's user on the server: named as their database, so the server's user list reads as the study's team. */
export function annotatorUserName(studyId: string, annotatorId: string): string {
  return annotatorDatabaseName(studyId, annotatorId);
}
