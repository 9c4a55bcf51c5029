// The backup format: a study with labels, assignments, gold labels and history round-trips with
// every record's exact shape and member order; the checksum covers everything else; damaged,
// older and newer files are refused with clear messages; bad records are listed where they are;
// labels, gold labels and judge labels hold to the backup's own scheme (issue 27), as label files do.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StudyData } from '../../../shared/domain/model';
import {
  BACKUP_FORMAT,
  backupFileName,
  buildBackup,
  MAX_BACKUP_BYTES,
  parseBackup,
  parseBackupFileName,
  serializeBackup,
  type Backup,
  type BackupContent,
} from '../../../shared/formats/backup';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { sha256Hex } from '../../../shared/formats/sha256';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { errorsOf, valueOf } from './parse-results';

const NOW = '2026-11-22T10:00:00.000Z';
const demoText = readFileSync(new URL('../../../assets/demo-study.json', import.meta.url), 'utf8');

const demo: StudyData = valueOf(parseTranscriptBundle({ name: 'demo-study.json', text: demoText }, { now: NOW }));

/** The demo study as the app stores it after some work: a team, labels of every task, an assignment, gold labels and history. */
function demoContent(): BackupContent {
  const studyId = demo.study.id;
  const [q1, q2] = demo.turns.filter((turn) => turn.type === 'question');
  const final = demo.turns.find((turn) => turn.type === 'final');
  const puzzle = demo.puzzles[0];
  if (!q1 || !q2 || !final || !puzzle) throw new Error('the demo study lacks units');
  return {
    study: { ...demo.study, setup: { overlap: 2, seed: 7, assignedAt: NOW, editedByHand: false } },
    puzzles: demo.puzzles,
    sessions: demo.sessions,
    turns: demo.turns,
    annotators: [
      { studyId, id: 'ann-1', name: 'Ann One' },
      { studyId, id: 'ann-2', name: 'Zoë — ☃' },
    ],
    labels: [
      // Members in the orders the workspace and the label import write them.
      { studyId, annotatorId: 'ann-1', unitId: q1.id, task: 'answer', value: 'yes', at: NOW, createdAt: NOW, ms: 1520, rev: 1, unsure: false, note: '' },
      { annotatorId: 'ann-1', studyId, task: 'match', unitId: final.id, value: 'matched', at: NOW, rev: 3, unsure: true, note: 'close call\n"quoted"' },
      { studyId, annotatorId: 'ann-2', unitId: q2.id, task: 'answer', value: 'irrelevant', at: NOW, rev: 1, unsure: false, note: '' },
      { studyId, annotatorId: 'ann-2', unitId: puzzle.id, task: 'difficulty', value: 7, at: NOW, ms: 0, rev: 2, unsure: false, note: 'hard' },
    ],
    assignments: [
      { studyId, annotatorId: 'ann-1', task: 'answer', units: [q1.id] },
      { studyId, annotatorId: 'ann-1', task: 'difficulty', units: [] },
    ],
    gold: [{ studyId, task: 'answer', unitId: q1.id, value: 'yes', note: 'both agree', by: 'Lead', at: NOW, basis: ['ann-1=yes', 'ann-2=no'] }],
    audit: [
      { id: 1, studyId, at: NOW, kind: 'study:import', detail: 'imported demo-study.json' },
      { id: 4, studyId, at: NOW, kind: 'label:set', detail: '{"unit":"x"}' },
    ],
  };
}

const sample = buildBackup(demoContent(), { createdAt: NOW, app: 'agreement-studio test' });
const sampleText = serializeBackup(sample);

function source(text: string, name = 'demo-study.backup.json') {
  return { name, text };
}

function rawSample(): Record<string, unknown> {
  const raw = JSON.parse(sampleText) as Record<string, unknown>;
  delete raw.sha256;
  return raw;
}

/** A backup as a foreign writer (or an attacker) would make it: any content, with a correct checksum. */
function signed(content: Record<string, unknown>): string {
  return JSON.stringify({ ...content, sha256: sha256Hex(canonicalJson(content)) });
}

function records(raw: Record<string, unknown>, list: string): Record<string, unknown>[] {
  return raw[list] as Record<string, unknown>[];
}

describe('backups: build, serialize, parse', () => {
  it('round-trips: parse(serialize(build(x))) equals build(x), and holds the records as they were', () => {
    expect(sample.format).toBe(BACKUP_FORMAT);
    const parsed = valueOf(parseBackup(source(sampleText)));
    expect(parsed).toEqual(sample);
    const content = demoContent();
    expect(parsed.labels).toEqual(content.labels);
    expect(parsed.study).toEqual(content.study);
    expect(parsed.turns).toEqual(demo.turns);
  });

  it('keeps every record member for member in its stored order, so a restore writes the same bytes', () => {
    const parsed = valueOf(parseBackup(source(sampleText)));
    const content = demoContent();
    for (const list of ['puzzles', 'sessions', 'turns', 'annotators', 'labels', 'assignments', 'gold', 'audit'] as const) {
      expect(parsed[list].map((record) => JSON.stringify(record))).toEqual(content[list].map((record) => JSON.stringify(record)));
    }
    expect(JSON.stringify(parsed.study)).toBe(JSON.stringify(content.study));
  });

  it('keeps the records of a study opened from a pack: sessions without a judge, turns without judgements', () => {
    const content = demoContent();
    const studyId = content.study.id;
    const packCopy: BackupContent = {
      ...content,
      study: {
        ...content.study,
        format: 'agreement-studio.pack/1',
        origin: { kind: 'pack', annotator: { id: 'ann-1', name: 'Ann One' }, packs: ['a'.repeat(64)] },
      },
      sessions: content.sessions.map((session) => ({ ...session, judge: '' })),
      turns: content.turns.map(({ judgeReply: _reply, ...turn }) => ({ ...turn, judgements: {} })),
      gold: [],
      audit: [{ id: 9, studyId, at: NOW, kind: 'pack:open', detail: 'opened ann-1.pack.json' }],
    };
    const backup = buildBackup(packCopy, { createdAt: NOW, app: 'agreement-studio test' });
    expect(valueOf(parseBackup(source(serializeBackup(backup))))).toEqual(backup);
  });

  it("keeps the study's annotator expertise (the Alt-Test's epsilon), and refuses a level it does not know", () => {
    const content = demoContent();
    const backup = buildBackup({ ...content, study: { ...content.study, annotatorExpertise: 'crowd' } }, { createdAt: NOW, app: 'agreement-studio test' });
    const text = serializeBackup(backup);
    expect(valueOf(parseBackup(source(text))).study.annotatorExpertise).toBe('crowd');
    const raw = rawSample();
    const wrong = { ...raw, study: { ...(raw.study as Record<string, unknown>), annotatorExpertise: 'novice' } };
    expect(errorsOf(parseBackup(source(signed(wrong))))).toContainEqual(
      expect.objectContaining({ path: 'study.annotatorExpertise', message: expect.stringContaining('expert, skilled or crowd') }),
    );
  });

  it("keeps the lead's model families and the judges' samples and probabilities, and refuses a blank family", () => {
    const content = demoContent();
    const backup = buildBackup(
      { ...content, study: { ...content.study, modelFamilies: { 'arbiter-large': 'Lumen' } } },
      { createdAt: NOW, app: 'agreement-studio test' },
    );
    const parsed = valueOf(parseBackup(source(serializeBackup(backup))));
    expect(parsed.study.modelFamilies).toEqual({ 'arbiter-large': 'Lumen' });
    expect(parsed.turns.filter((turn) => turn.judgeConfidence !== undefined).length).toBeGreaterThan(0);
    const raw = rawSample();
    const wrong = { ...raw, study: { ...(raw.study as Record<string, unknown>), modelFamilies: { 'arbiter-large': ' ' } } };
    expect(errorsOf(parseBackup(source(signed(wrong))))).toContainEqual(
      expect.objectContaining({
        path: 'study.modelFamilies["arbiter-large"]',
        message: expect.stringContaining('expected a family name of 1 to 100 characters'),
      }),
    );
  });

  it("keeps the study's calibration sample with every puzzle's probability, and refuses one that does not speak of the backup's puzzles", () => {
    const content = demoContent();
    const [first, second] = demo.puzzles.map((puzzle) => puzzle.id);
    const probabilities = Object.fromEntries(demo.puzzles.map((puzzle, index) => [puzzle.id, index === 0 ? 1 : 0.25]));
    const calibrationSample = {
      rule: 'uncertainty' as const,
      budget: 4,
      seed: 7,
      tau: 0.5,
      source: 'samples' as const,
      withoutSignal: 0,
      chosen: [first ?? '', second ?? ''],
      probabilities,
      drawnAt: NOW,
    };
    const backup = buildBackup({ ...content, study: { ...content.study, calibrationSample } }, { createdAt: NOW, app: 'agreement-studio test' });
    expect(valueOf(parseBackup(source(serializeBackup(backup)))).study.calibrationSample).toEqual(calibrationSample);

    const withSample = (change: Record<string, unknown>) => {
      const raw = rawSample();
      return errorsOf(
        parseBackup(source(signed({ ...raw, study: { ...(raw.study as Record<string, unknown>), calibrationSample: { ...calibrationSample, ...change } } }))),
      );
    };
    expect(withSample({ probabilities: { ...probabilities, [first ?? '']: 0 } })).toContainEqual(
      expect.objectContaining({
        path: `study.calibrationSample.probabilities["${first}"]`,
        message: expect.stringContaining('expected a probability more than 0 and at most 1, got the number 0'),
      }),
    );
    expect(withSample({ probabilities: { ...probabilities, 'p-elsewhere': 0.5 } })).toContainEqual(
      expect.objectContaining({ path: 'study.calibrationSample.probabilities["p-elsewhere"]', message: 'no puzzle of the backup has the id "p-elsewhere"' }),
    );
    const withoutSecond = Object.fromEntries(Object.entries(probabilities).filter(([id]) => id !== second));
    expect(withSample({ probabilities: withoutSecond })).toContainEqual(
      expect.objectContaining({
        path: 'study.calibrationSample.probabilities',
        message: `the puzzle "${second}" has no probability; the sample keeps every puzzle's`,
      }),
    );
    expect(withSample({ chosen: [first, 'p-elsewhere', first] })).toEqual([
      expect.objectContaining({ path: 'study.calibrationSample.chosen[1]', message: 'no puzzle of the backup has the id "p-elsewhere"' }),
      expect.objectContaining({ path: 'study.calibrationSample.chosen[2]', message: `the puzzle "${first}" is chosen twice` }),
    ]);
    expect(withSample({ rule: 'greedy', budget: 99 })).toContainEqual(
      expect.objectContaining({ path: 'study.calibrationSample.rule', message: expect.stringContaining('uncertainty or random') }),
    );
    expect(withSample({ budget: 99 })).toContainEqual(
      expect.objectContaining({ path: 'study.calibrationSample.budget', message: `the budget is 99 puzzles, but the backup holds ${demo.puzzles.length}` }),
    );
  });

  it("keeps the study's judge split with the versions tried and the test runs, and refuses one the Judges page would refuse, naming the place", () => {
    const content = demoContent();
    const judgeSplit = {
      seed: 7,
      shares: { examples: 0.15, development: 0.55, test: 0.3 },
      setAt: NOW,
      developmentJudges: ['llama3@studio-1', 'llama3@studio-2'],
      testRuns: [{ judge: 'llama3@studio-2', at: NOW }],
    };
    const backup = buildBackup({ ...content, study: { ...content.study, judgeSplit } }, { createdAt: NOW, app: 'agreement-studio test' });
    expect(valueOf(parseBackup(source(serializeBackup(backup)))).study.judgeSplit).toEqual(judgeSplit);

    const withSplit = (change: Record<string, unknown>) => {
      const raw = rawSample();
      return errorsOf(parseBackup(source(signed({ ...raw, study: { ...(raw.study as Record<string, unknown>), judgeSplit: { ...judgeSplit, ...change } } }))));
    };
    expect(withSplit({ seed: 1.5 })).toEqual([expect.objectContaining({ path: 'study.judgeSplit.seed', message: expect.stringContaining('a whole number') })]);
    expect(withSplit({ shares: { examples: 0.3, development: 0.4, test: 0.3 } })).toEqual([
      expect.objectContaining({ path: 'study.judgeSplit.shares', message: 'the examples split must hold 10% to 20% of the puzzles, not 30%' }),
    ]);
    expect(withSplit({ shares: { examples: 0.1, development: 0.5, test: 0.3 } })).toEqual([
      expect.objectContaining({
        path: 'study.judgeSplit.shares',
        message: 'the examples, development and test splits must share all the puzzles: their shares add up to 90%, not 100%',
      }),
    ]);
    expect(withSplit({ shares: { examples: 0.1, development: 0.9 } })).toEqual([
      expect.objectContaining({ path: 'study.judgeSplit.shares.test', message: expect.stringContaining('a share from 0 to 1') }),
    ]);
    expect(withSplit({ developmentJudges: ['llama3@studio-1', ''] })).toEqual([expect.objectContaining({ path: 'study.judgeSplit.developmentJudges[1]' })]);
    expect(withSplit({ testRuns: [{ judge: 'llama3@studio-2', at: 'yesterday' }] })).toEqual([
      expect.objectContaining({ path: 'study.judgeSplit.testRuns[0].at', message: expect.stringContaining('ISO 8601') }),
    ]);
    expect(withSplit({ setAt: 'now' })).toEqual([expect.objectContaining({ path: 'study.judgeSplit.setAt' })]);
  });

  it("keeps the study's judge samples (SPLAT's judge_times), so the report still says its labels are majorities after a restore", () => {
    const content = demoContent();
    const judgeSamples = [{ judge: 'model-j', samples: 3, source: 'config.yaml: game.judge_times' }];
    const backup = buildBackup({ ...content, study: { ...content.study, judgeSamples } }, { createdAt: NOW, app: 'agreement-studio test' });
    expect(valueOf(parseBackup(source(serializeBackup(backup)))).study.judgeSamples).toEqual(judgeSamples);
  });

  it('checksums the canonical JSON of every field but sha256', () => {
    const { sha256, ...content } = sample;
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256).toBe(sha256Hex(canonicalJson(content)));
  });

  it('reads a file with a byte order mark, and one whose members come in another order', () => {
    expect(valueOf(parseBackup(source(`\uFEFF${sampleText}`)))).toEqual(sample);
    const reordered = Object.fromEntries(Object.entries(rawSample()).reverse());
    expect(valueOf(parseBackup(source(signed(reordered))))).toEqual(sample);
  });

  it('leaves out members this version does not know, names the top-level ones, and checksums what it kept', () => {
    const raw = rawSample();
    raw.comment = 'written by a later app';
    records(raw, 'labels')[0] = { ...records(raw, 'labels')[0], confidence: 0.9 };
    const parsed = valueOf(parseBackup(source(signed(raw))));
    expect(parsed.labels[0]).toEqual(sample.labels[0]);
    expect(parsed).not.toHaveProperty('comment');
    const result = parseBackup(source(signed(raw)));
    expect(result.ok && result.warnings?.map((warning) => warning.path)).toEqual(['comment']);
    expect(result.ok && result.warnings?.[0]?.message).toMatch(
      /^a member a backup does not have \(it has format, createdAt, app, study, puzzles, .*\); not read$/,
    );
    const { sha256, ...body } = parsed;
    expect(sha256).toBe(sha256Hex(canonicalJson(body)));
  });

  it('names the snapshot file by study and time, and reads the name back', () => {
    const name = backupFileName('pilot.2026', '2026-11-22T10:00:05.123Z');
    expect(name).toBe('pilot.2026.2026-11-22T10-00-05-123Z.backup.json');
    expect(parseBackupFileName(name)).toEqual({ studyId: 'pilot.2026', createdAt: '2026-11-22T10:00:05.123Z' });
    for (const other of [
      'pilot.backup.json',
      'pilot.2026-11-22T10-00-05-123Z.json',
      'pilot.2026-11-22T10:00:05.123Z.backup.json',
      '.2026-11-22T10-00-05-123Z.backup.json',
      'x.2026-02-31T25-00-00-000Z.backup.json',
    ]) {
      expect(parseBackupFileName(other)).toBeUndefined();
    }
  });

  it('refuses to build a backup holding a record of another study', () => {
    const content = demoContent();
    content.gold = [{ ...(content.gold[0] as BackupContent['gold'][number]), studyId: 'other' }];
    expect(() => buildBackup(content, { createdAt: NOW, app: 'test' })).toThrow(RangeError);
  });
});

describe('backups: refusals', () => {
  it('detects a damaged or edited backup', () => {
    const edited = sampleText.replace('"value":"matched"', '"value":"unmatched"');
    expect(edited).not.toBe(sampleText);
    expect(errorsOf(parseBackup(source(edited)))).toEqual([
      { file: 'demo-study.backup.json', path: 'sha256', message: 'the backup is damaged or was edited: checksum mismatch' },
    ]);
    expect(errorsOf(parseBackup(source(JSON.stringify(rawSample()))))[0]?.message).toContain('missing checksum: the backup is damaged or was edited');
    expect(errorsOf(parseBackup(source(JSON.stringify({ ...rawSample(), sha256: 'abc' }))))[0]?.message).toContain('not a 64-digit hex SHA-256');
    // A file cut short (a copy that did not finish) is not JSON any more.
    expect(errorsOf(parseBackup(source(sampleText.slice(0, sampleText.length / 2))))[0]?.message).toMatch(/^invalid JSON/);
  });

  it.each([
    [
      'agreement-studio.backup/3',
      'this file is agreement-studio.backup/3, newer than the version this app reads (agreement-studio.backup/2); update Agreement Studio to open it',
    ],
    ['agreement-studio.backup/10.1', 'newer than the version this app reads'],
    ['agreement-studio.backup/2.1', 'newer than the version this app reads'],
    ['agreement-studio.backup/1.1', 'older than the version this app reads'],
    ['agreement-studio.backup/0', 'older than the version this app reads'],
    ['agreement-studio.pack/1', 'this file is a pack (agreement-studio.pack/1), not a backup'],
    ['agreement-studio.backup/one', 'is not a format this app knows; expected "agreement-studio.backup/2" for a backup'],
    [7, 'expected the text "agreement-studio.backup/2", got the number 7'],
    [undefined, 'required; expected "agreement-studio.backup/2"'],
  ])('refuses format %j at the version, with nothing else', (format, message) => {
    const errors = errorsOf(parseBackup(source(signed({ ...rawSample(), format }))));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.path).toBe('format');
    expect(errors[0]?.message).toContain(message);
  });

  it('lists every bad record where it is, even with a correct checksum', () => {
    const raw = rawSample();
    const labels = records(raw, 'labels');
    labels[1] = { ...labels[1], value: 'maybe' };
    labels[3] = { ...labels[3], value: 12 };
    labels[2] = { ...labels[2], studyId: 'other-study' };
    const turns = records(raw, 'turns');
    turns[5] = { ...turns[5], judgements: JSON.parse('{"__proto__":"yes"}') as unknown };
    turns[6] = { ...turns[6], index: -1 };
    records(raw, 'puzzles').push({ ...records(raw, 'puzzles')[2] });
    records(raw, 'audit')[0] = { ...records(raw, 'audit')[0], id: 0 };
    records(raw, 'sessions')[0] = { ...records(raw, 'sessions')[0], id: '__proto__' };
    delete raw.gold;
    (raw.study as Record<string, unknown>).scheme = { answerUnknown: 'no' };
    const messages = errorsOf(parseBackup(source(signed(raw)))).map((error) => `${error.path}: ${error.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'labels[1].value: expected a match label: matched or unmatched, got the text "maybe"',
        'labels[3].value: expected a difficulty rating: a whole number from 1 to 9, got the number 12',
        `labels[2].studyId: the record belongs to the study "other-study", not to the backup's study "${demo.study.id}"`,
        'turns[5].judgements.__proto__: "__proto__" is not allowed as a model name',
        'turns[6].index: expected a whole number of at least 0, got the number -1',
        `puzzles[${demo.puzzles.length}]: the same record as puzzles[2] (same key); a backup holds each record once`,
        'audit[0].id: expected a whole number of at least 1, got the number 0',
        'sessions[0].id: "__proto__" is not allowed as an id',
        'gold: required; expected a list of gold labels',
        'study.scheme.answerUnknown: expected true or false, got the text "no"',
      ]),
    );
    expect(messages).toHaveLength(10);
  });

  it("holds labels, gold labels and judge labels to the study's own scheme, with a label file's words for what is expected", () => {
    expect(demo.study.scheme.answerUnknown).toBe(false);
    const raw = rawSample();
    const labels = records(raw, 'labels');
    const turns = records(raw, 'turns');
    const question = turns.findIndex((turn) => turn.type === 'question');
    const final = turns.findIndex((turn) => turn.type === 'final');
    const judge = Object.keys(turns[question]?.judgements as object)[0] ?? '';
    const finalJudge = Object.keys(turns[final]?.judgements as object)[0] ?? '';
    labels[0] = { ...labels[0], value: 'unknown' };
    labels[2] = { ...labels[2], value: 'matched' };
    labels[3] = { ...labels[3], value: 12 };
    records(raw, 'gold')[0] = { ...records(raw, 'gold')[0], value: 'unknown' };
    turns[question] = { ...turns[question], judgements: { [judge]: 'unknown' } };
    turns[final] = { ...turns[final], judgements: { [finalJudge]: 'yes' } };
    const messages = errorsOf(parseBackup(source(signed(raw)))).map((error) => `${error.file} ${error.path}: ${error.message}`);
    const file = 'demo-study.backup.json';
    expect(messages).toEqual([
      `${file} turns[${question}].judgements[${JSON.stringify(judge)}]: expected an answer label: yes, no or irrelevant (or unparseable) on a question turn, got the text "unknown"`,
      `${file} turns[${final}].judgements[${JSON.stringify(finalJudge)}]: expected a match label: matched or unmatched (or unparseable) on a final turn, got the text "yes"`,
      `${file} labels[0].value: expected an answer label: yes, no or irrelevant, got the text "unknown"`,
      `${file} labels[2].value: expected an answer label: yes, no or irrelevant, got the text "matched"`,
      `${file} labels[3].value: expected a difficulty rating: a whole number from 1 to 9, got the number 12`,
      `${file} gold[0].value: expected an answer label: yes, no or irrelevant, got the text "unknown"`,
    ]);
  });

  it('takes `unknown` where the scheme enables it, and says it is expected there', () => {
    const raw = rawSample();
    (raw.study as Record<string, unknown>).scheme = { answerUnknown: true };
    records(raw, 'labels')[0] = { ...records(raw, 'labels')[0], value: 'unknown' };
    records(raw, 'gold')[0] = { ...records(raw, 'gold')[0], value: 'unknown' };
    const turns = records(raw, 'turns');
    const question = turns.findIndex((turn) => turn.type === 'question');
    const judge = Object.keys(turns[question]?.judgements as object)[0] ?? '';
    turns[question] = { ...turns[question], judgements: { [judge]: 'unknown' } };
    const backup = valueOf(parseBackup(source(signed(raw))));
    expect([backup.labels[0]?.value, backup.gold[0]?.value, backup.turns[question]?.judgements[judge]]).toEqual(['unknown', 'unknown', 'unknown']);
    records(raw, 'labels')[0] = { ...records(raw, 'labels')[0], value: 'maybe' };
    expect(errorsOf(parseBackup(source(signed(raw)))).map((error) => error.message)).toEqual([
      'expected an answer label: yes, no, irrelevant or unknown, got the text "maybe"',
    ]);
  });

  it('refuses a study record without its fields, and a header without its time', () => {
    const raw = rawSample();
    raw.createdAt = 'yesterday';
    const study = raw.study as Record<string, unknown>;
    delete study.name;
    study.counts = { puzzles: 1 };
    const paths = errorsOf(parseBackup(source(signed(raw)))).map((error) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['createdAt', 'study.name', 'study.counts.sessions']));
  });

  it('refuses what is not a backup at all', () => {
    expect(errorsOf(parseBackup(source('')))[0]?.message).toBe('the file is empty; expected a backup');
    expect(errorsOf(parseBackup(source('[1]')))[0]?.message).toContain('expected a backup: a JSON object with "format": "agreement-studio.backup/2"');
    const syntax = errorsOf(parseBackup(source('{\n  "format": "agreement-studio.backup/1",\n  oops\n}')))[0];
    expect(syntax).toMatchObject({ line: 3, path: '' });
    expect(errorsOf(parseBackup({ name: 'huge.backup.json', text: '{}', size: MAX_BACKUP_BYTES + 1 }))[0]?.message).toContain(
      'the limit for a backup is 500 MB',
    );
  });

  it('a backup holds one study: records of the study in the study list refer to it', () => {
    const backup: Backup = valueOf(parseBackup(source(sampleText)));
    for (const list of ['puzzles', 'sessions', 'turns', 'annotators', 'labels', 'assignments', 'gold', 'audit'] as const) {
      expect(backup[list].every((record) => record.studyId === backup.study.id)).toBe(true);
    }
  });
});
