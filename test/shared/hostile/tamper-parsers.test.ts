// The tamper suite (issue 12) at the parsers: every tampered pack, label file, backup and bundle,
// read from its bytes as the app and the command line read them, is refused by the parser of its
// kind with an error naming the file and the place; the valid files they were made from are all
// accepted, so each refusal is the one rule under test. Also what the rules must still let through.

import { describe, expect, it } from 'vitest';
import { MAX_REVISION, nextRevision } from '../../../shared/domain/model';
import { parseBackup } from '../../../shared/formats/backup';
import { buildLabelFile, parseLabelFile, serializeLabelFile } from '../../../shared/formats/label-file';
import { parsePack } from '../../../shared/formats/pack';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { sourceFileFromBytes } from '../../../shared/formats/utf8';
import { parseAs, rejectionProblem } from '../../hostile/check';
import { bases, pretty, sealed, type Json } from '../../hostile/generate';
import { tamperBases, tamperCases, type TamperCase, type TamperKind } from '../../hostile/tamper';

const NOW = '2026-11-22T10:00:00.000Z';
const cases = tamperCases();

function refusalProblem(tampered: TamperCase): string | undefined {
  const result = parseAs(tampered.kind, sourceFileFromBytes(tampered.name, tampered.bytes()), NOW);
  if (result.ok) return 'the parser accepted it';
  return rejectionProblem(tampered.name, result.errors, tampered.error);
}

describe('tamper suite: the parsers', () => {
  it('has at least 40 files across packs, label files, backups and bundles, and every rule of the issue', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((tampered) => tampered.name)).size).toBe(cases.length);
    expect(new Set(cases.map((tampered) => tampered.kind))).toEqual(new Set(['pack', 'labels-json', 'labels-csv', 'backup', 'bundle-json', 'bundle-jsonl']));
    expect(new Set(cases.map((tampered) => tampered.rule))).toEqual(
      new Set(['blind-pack', 'duplicate-member', 'pack-id', 'label-id', 'backup-checked', 'revision-bound', 'version-rule']),
    );
  });

  it.each(Object.entries(tamperBases()))('accepts the valid %s every case starts from', (kind, text) => {
    const result = parseAs(kind as TamperKind, { name: `base.${kind}`, text }, NOW);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it.each(cases.map((tampered) => [tampered.name, tampered] as const))('refuses %s', (_name, tampered) => {
    expect(refusalProblem(tampered)).toBeUndefined();
  });

  it('prints its figure', () => {
    const refused = cases.filter((tampered) => refusalProblem(tampered) === undefined).length;
    console.log(`tamper suite (parsers): ${cases.length} files tried, ${refused} refused with a located error`);
    expect(refused).toBe(cases.length);
  });
});

describe('what the rules still let through', () => {
  it('reads version 1 written as 1.0 in every format, like 1', () => {
    const b = bases();
    const labels = structuredClone(b.labelFile) as unknown as Json;
    labels.format = 'agreement-studio.labels/1.0';
    expect(parseLabelFile({ name: 'a.labels.json', text: pretty(sealed(labels)) }).ok).toBe(true);
    const pack = structuredClone(b.pack);
    pack.format = 'agreement-studio.pack/1.0';
    expect(parsePack({ name: 'a.pack.json', text: pretty(sealed(pack)) }).ok).toBe(true);
    const backup = JSON.parse(tamperBases().backup) as Json;
    backup.format = 'agreement-studio.backup/1.0';
    expect(parseBackup({ name: 'a.backup.json', text: pretty(sealed(backup)) }).ok).toBe(true);
  });

  it('counts a string by its decoded characters: 600,000 escaped newlines are under the 1 MB limit', () => {
    const story = `${'\n'.repeat(600_000)}The end.`;
    const bundle = structuredClone(bases().bundle);
    (bundle.puzzles as Json[])[0] = { ...(bundle.puzzles as Json[])[0], story };
    const text = JSON.stringify(bundle);
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const parsed = parseTranscriptBundle({ name: 'escaped.json', text }, { now: NOW });
    expect(parsed.ok ? parsed.value.puzzles[0]?.story : parsed.errors).toBe(story);
    // One more decoded character than the limit is still refused.
    (bundle.puzzles as Json[])[0] = { ...(bundle.puzzles as Json[])[0], story: '\n'.repeat(1024 * 1024 + 1) };
    const over = parseTranscriptBundle({ name: 'over.json', text: JSON.stringify(bundle) }, { now: NOW });
    expect(over.ok ? [] : over.errors.map((error) => error.message)).toEqual(['a string is longer than the limit of 1 MB']);
  });

  it('keeps ids from other programs: slashes, spaces, colons and non-ASCII letters in puzzle, session and turn ids', () => {
    const bundle = structuredClone(bases().bundle);
    const puzzle = (bundle.puzzles as Json[])[0] as Json;
    const sessions = (bundle.sessions as Json[]).filter((s) => s.puzzleId === puzzle.id);
    const session = sessions[0] as Json;
    puzzle.id = 'Läufer: rätsel 12';
    for (const each of sessions) each.puzzleId = puzzle.id;
    session.id = 'run 3/model:a/Läufer';
    (session.turns as Json[])[0] = { ...(session.turns as Json[])[0], id: '海龟汤 / 1' };
    const parsed = parseTranscriptBundle({ name: 'ids.json', text: JSON.stringify(bundle) }, { now: NOW });
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
  });

  it('holds a label at the revision bound, so the file the app writes reads back', () => {
    expect(nextRevision(MAX_REVISION - 1)).toBe(MAX_REVISION);
    expect(nextRevision(MAX_REVISION)).toBe(MAX_REVISION);
    const b = bases();
    const label = { ...(b.labelFile.labels[0] as (typeof b.labelFile.labels)[number]), rev: nextRevision(MAX_REVISION) };
    const file = buildLabelFile({ studyId: b.labelFile.studyId, annotator: b.labelFile.annotator, exportedAt: NOW, app: b.labelFile.app, labels: [label] });
    const parsed = parseLabelFile({ name: 'bound.labels.json', text: serializeLabelFile(file) });
    expect(parsed.ok && parsed.value.labels[0]?.rev).toBe(MAX_REVISION);
  });
});
