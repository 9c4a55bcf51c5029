// The lead's blind packs in an annotator's database (issue 18), read as pack files are: each pack's
// parts joined into the file's text and parsed by the pack parser (its checksum checked), refused
// when it is for another study or annotator, and opened oldest first with openPack.

import { formatErrorText } from '../../shared/formats/errors';
import { parsePack, type Pack } from '../../shared/formats/pack';
import { joinPackParts, PACK_DOC_PREFIX, type PackDoc, type PackPartDoc } from '../../shared/sync/sync-docs';
import { openPack, type OpenedPack } from '../db/open-pack';
import type { PouchDatabase, PouchDoc } from './pouchdb-api';
import type { SyncDeps } from './sync-deps';

/** A pack header's id: `pack:<sha256>`; its parts add `:<index>`. */
const PACK_HEADER_ID = /^pack:([0-9a-f]{64})$/;
const DOCS_PER_READ = 8;

/** Whom the packs must be for: the invitation's study and annotator. */
export interface PackTarget {
  studyId: string;
  annotatorId: string;
  /** The name messages and the study's source files give the packs: `<database> on <server>`. */
  fileName: string;
}

export interface ServerPacks {
  /** Complete packs not among `skip`, oldest first. */
  packs: Pack[];
  /** Packs whose parts are not all there yet (the lead is still writing them); read on a later look. */
  incomplete: number;
}

/** A pack on the server that cannot be opened; the message names the pack and says why. */
export class ServerPackError extends Error {
  override name = 'ServerPackError';
}

/**
 * Reads the packs of `remote` whose SHA-256 is not in `skip` (those already opened here): the
 * ids first, then only the new packs' documents, so a look with nothing new moves no pack text.
 * Throws PouchDB's error when the server fails, and a ServerPackError for a pack that is not one.
 */
export async function readServerPacks(remote: PouchDatabase, target: PackTarget, skip: ReadonlySet<string>): Promise<ServerPacks> {
  const listed = await remote.allDocs({ startkey: PACK_DOC_PREFIX, endkey: `${PACK_DOC_PREFIX}\ufff0` });
  const ids = listed.rows.filter((row) => row.value.deleted !== true).map((row) => row.id);
  const fresh = new Set(ids.flatMap((id) => PACK_HEADER_ID.exec(id)?.[1] ?? []).filter((sha) => !skip.has(sha)));
  if (fresh.size === 0) return { packs: [], incomplete: 0 };
  const wanted = ids.filter((id) => fresh.has(id.slice(PACK_DOC_PREFIX.length, PACK_DOC_PREFIX.length + 64)));
  const docs: PouchDoc[] = [];
  // A few parts (about 1 MB each) per request, so a large pack crosses a slow link in answers it can finish.
  for (let start = 0; start < wanted.length; start += DOCS_PER_READ) {
    const read = await remote.allDocs({ keys: wanted.slice(start, start + DOCS_PER_READ), include_docs: true });
    for (const row of read.rows) if (row.doc) docs.push(row.doc);
  }
  const parts = docs.filter(isPackPart);
  const packs: Pack[] = [];
  let incomplete = 0;
  for (const sha of fresh) {
    const header = docs.find((doc) => doc._id === `${PACK_DOC_PREFIX}${sha}`);
    if (header === undefined || !isPackHeader(header, sha)) throw new ServerPackError(`${target.fileName}: the pack ${sha.slice(0, 12)}… is not a pack header`);
    const text = joinPackParts(header, parts);
    if (text === undefined) {
      incomplete += 1;
      continue;
    }
    packs.push(checkedPack(text, header, target));
  }
  packs.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return { packs, incomplete };
}

/** The pack file's text parsed exactly as a pack file: its checksum checked, and it must be the header's pack for the target. */
function checkedPack(text: string, header: PackDoc, target: PackTarget): Pack {
  const parsed = parsePack({ name: target.fileName, text });
  if (!parsed.ok) throw new ServerPackError(parsed.errors.slice(0, 5).map(formatErrorText).join('\n'));
  const pack = parsed.value;
  if (pack.sha256 !== header.sha256) throw new ServerPackError(`${target.fileName}: the pack ${header.sha256.slice(0, 12)}… holds another pack's content`);
  if (pack.study.id !== target.studyId || pack.annotator.id !== target.annotatorId) {
    throw new ServerPackError(
      `${target.fileName}: the pack is for ${pack.annotator.id} in study "${pack.study.id}", not for ${target.annotatorId} in study "${target.studyId}" as the invitation says; ask the lead for a new invitation`,
    );
  }
  return pack;
}

/** Opens packs in the order given, as opening their files would; the caller may hold a transaction around it. */
export async function openServerPacks(deps: Pick<SyncDeps, 'db' | 'now'>, packs: readonly Pack[], target: PackTarget): Promise<OpenedPack[]> {
  const opened: OpenedPack[] = [];
  for (const pack of packs) opened.push(await openPack(deps.db, pack, { fileName: target.fileName, ...(deps.now ? { now: deps.now() } : {}) }));
  return opened;
}

function isPackHeader(doc: PouchDoc, sha: string): doc is PouchDoc & PackDoc {
  return doc.type === 'pack' && doc.sha256 === sha && typeof doc.parts === 'number' && Number.isInteger(doc.parts) && doc.parts >= 1 && doc.parts <= 10_000;
}

function isPackPart(doc: PouchDoc): doc is PouchDoc & PackPartDoc {
  return doc.type === 'pack-part' && typeof doc.sha256 === 'string' && typeof doc.index === 'number' && typeof doc.text === 'string';
}
