// The tamper suite's files (issue 12): packs, label files, backups and bundles that a second round
// of hostile input showed passing or being repaired, each made from a valid file by one change and
// sealed with a correct checksum where the format has one, so only the rule under test can refuse
// it. Each case names the rule (the point) and the located error it must be refused with.
// Issue 27 added backups holding label values outside their own study's scheme.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Label, StudyData } from '../../shared/domain/model';
import { buildBackup, serializeBackup, type BackupContent } from '../../shared/formats/backup';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { bases, csvRow, DEMO_STUDY_ID, lineAt, NOW, objectAt, pretty, sealed, spliceBytes, utf8, type ErrorPlace, type Json } from './generate';

export type TamperKind = 'pack' | 'labels-json' | 'labels-csv' | 'backup' | 'bundle-json' | 'bundle-jsonl';

/** The rules of issue 12, by its points. */
export type TamperRule = 'blind-pack' | 'duplicate-member' | 'pack-id' | 'label-id' | 'backup-checked' | 'revision-bound' | 'version-rule';

export interface TamperCase {
  /** The file name, unique in the suite; the extension is the kind's. */
  name: string;
  kind: TamperKind;
  rule: TamperRule;
  what: string;
  bytes: () => Uint8Array;
  /** Where the refusal must point, and a substring of its message. */
  error: ErrorPlace;
}

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const EXTENSIONS: Record<TamperKind, string> = {
  pack: '.pack.json',
  'labels-json': '.labels.json',
  'labels-csv': '.csv',
  backup: '.backup.json',
  'bundle-json': '.json',
  'bundle-jsonl': '.jsonl',
};

const BLIND = 'a pack must be blind';
const TWICE = 'is given twice in this object';
const NOT_STUDY_ID = 'is not usable as a study id';
const NOT_ANNOTATOR_ID = "is not usable as an annotator's id";
const NOT_ID = 'is not usable as an id';
const RLO = '\u202e';
/** 2^53 - 1: a JavaScript number still exact, and far past the revision bound. */
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const at = (path: string, message: string): ErrorPlace => ({ path, message });

/** `text` as a case's bytes. */
const bytesOf = (text: string) => () => utf8(text);

/**
 * `json` with `member` given twice in the object whose members stand `indent` spaces in: first
 * `firstValue` (what a reader of the first would see), then the sealed value JSON.parse keeps.
 * Returns the text and the line of the second member, where the refusal must point.
 */
function withMemberTwice(json: string, member: string, firstValue: unknown, indent = 2): { text: string; line: number } {
  const marker = `\n${' '.repeat(indent)}${JSON.stringify(member)}: `;
  const index = json.indexOf(marker);
  if (index < 0) throw new Error(`no member ${member} at indent ${indent}`);
  const text = `${json.slice(0, index)}${marker}${JSON.stringify(firstValue)},${json.slice(index)}`;
  return { text, line: lineAt(text, text.indexOf(marker, index + marker.length) + 1) };
}

// ---------------------------------------------------------------------------------------------
// The valid files every case starts from

/** The demo study's records as the lead's copy stores them, with one annotator's labels: a backup the app would restore. */
function backupBase(): Json {
  const b = bases();
  const parsed = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(`${REPO}assets/demo-study.json`, 'utf8') }, { now: NOW });
  if (!parsed.ok) throw new Error('the demo study does not parse');
  const data: StudyData = parsed.value;
  const annotator = b.labelFile.annotator;
  const labels: Label[] = b.labelFile.labels.map((label) => ({
    studyId: DEMO_STUDY_ID,
    annotatorId: annotator.id,
    unitId: label.unit,
    task: label.task,
    value: label.value,
    at: label.at,
    ...(label.ms !== undefined ? { ms: label.ms } : {}),
    rev: label.rev,
    unsure: label.unsure,
    note: label.note,
  }));
  const content: BackupContent = {
    study: data.study,
    puzzles: data.puzzles,
    sessions: data.sessions,
    turns: data.turns,
    annotators: [{ studyId: DEMO_STUDY_ID, id: annotator.id, name: annotator.name }],
    labels,
    assignments: [],
    gold: [],
    audit: [{ id: 1, studyId: DEMO_STUDY_ID, at: NOW, kind: 'study:import', detail: 'imported demo-study.json' }],
  };
  return JSON.parse(serializeBackup(buildBackup(content, { createdAt: NOW, app: 'agreement-studio 0.1.0' }))) as Json;
}

/** The valid files, as the app writes them: the suite's parser test checks each is accepted. */
export function tamperBases(): Record<'pack' | 'labels-json' | 'labels-csv' | 'backup' | 'bundle-json', string> {
  const b = bases();
  return {
    pack: pretty(b.pack),
    'labels-json': pretty(b.labelFile),
    'labels-csv': labelCsv(b.labelFile.labels.map((label) => [b.labelFile.annotator.id, label.unit, label.task, String(label.value)])),
    backup: pretty(backupBase()),
    'bundle-json': pretty(b.bundle),
  };
}

function labelCsv(rows: string[][]): string {
  return `${['annotator,unit,task,value', ...rows.map((row) => csvRow(...row))].join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// The cases

type Draft = Omit<TamperCase, 'name' | 'kind'> & { slug: string };

function named(kind: TamperKind, drafts: Draft[]): TamperCase[] {
  return drafts.map(({ slug, ...draft }) => ({ name: `tamper-${kind}-${slug}${EXTENSIONS[kind]}`, kind, ...draft }));
}

/** A sealed copy of `base` after `change`, written as the app writes JSON. */
function sealedEdit(base: Json, change: (copy: Json) => void): string {
  const copy = structuredClone(base);
  change(copy);
  return pretty(sealed(copy));
}

/**
 * A case with `member` given twice in `base`'s top object: first as `base` has it, then the value
 * after `change`, which the checksum covers and JSON.parse keeps. Refused on the second member.
 */
function memberTwice(base: Json, member: string, what: string, change: (copy: Json) => void): Draft {
  const twice = withMemberTwice(sealedEdit(base, change), member, base[member]);
  return { slug: `${member}-twice`, rule: 'duplicate-member', what, bytes: bytesOf(twice.text), error: { line: twice.line, path: member, message: TWICE } };
}

function packCases(): TamperCase[] {
  const base = bases().pack;
  const edit = (slug: string, rule: TamperRule, what: string, change: (p: Json) => void, error: ErrorPlace): Draft => ({
    slug,
    rule,
    what,
    bytes: bytesOf(sealedEdit(base, change)),
    error,
  });
  const turn = (p: Json, i: number) => objectAt(p, 'turns', i);
  const judged = (p: Json) => ((p.turns as Json[]).forEach((t) => (t.judgements = { 'arbiter-large': 'yes' })), p.turns);

  return named('pack', [
    // The second `turns` (what JSON.parse keeps, and what the checksum covers) carries the judge's labels.
    memberTwice(base, 'turns', 'a second `turns` holding judge labels', judged),
    memberTwice(base, 'sessions', 'a second `sessions` naming the judge', (p) =>
      (p.sessions as Json[]).forEach((session) => (session.judge = 'arbiter-large')),
    ),
    memberTwice(
      base,
      'format',
      'a second `format` (detection reads the first, JSON.parse keeps the last)',
      (p) => (p.format = 'agreement-studio.transcripts/1'),
    ),
    edit('judgement', 'blind-pack', 'turns[].judgement', (p) => (turn(p, 0).judgement = 'yes'), at('turns[0].judgement', BLIND)),
    edit('Judgements', 'blind-pack', 'turns[].Judgements', (p) => (turn(p, 1).Judgements = { 'arbiter-large': 'no' }), at('turns[1].Judgements', BLIND)),
    edit('judge-label', 'blind-pack', 'turns[].judge_label', (p) => (turn(p, 2).judge_label = 'irrelevant'), at('turns[2].judge_label', BLIND)),
    edit('judge-reply', 'blind-pack', 'turns[].judgeReply', (p) => (turn(p, 3).judgeReply = 'Congratulations!'), at('turns[3].judgeReply', BLIND)),
    edit('turn-meta', 'blind-pack', "a turn's meta holding the judge's label", (p) => (turn(p, 0).meta = { judge: 'yes' }), at('turns[0].meta', BLIND)),
    edit(
      'tasks-judge',
      'blind-pack',
      'judge labels under tasks',
      (p) => (objectAt(p, 'tasks').judge = { [String(turn(p, 0).id)]: 'yes' }),
      at('tasks.judge', BLIND),
    ),
    edit('study-judge', 'blind-pack', 'the judge model under study', (p) => (objectAt(p, 'study').judge = 'arbiter-large'), at('study.judge', BLIND)),
    edit(
      'annotator-judgements',
      'blind-pack',
      'judge labels under annotator',
      (p) => (objectAt(p, 'annotator').judgements = { 'arbiter-large': 'yes' }),
      at('annotator.judgements', BLIND),
    ),
    edit('scheme-judge', 'blind-pack', 'the judge under scheme', (p) => (objectAt(p, 'scheme').judge = 'arbiter-large'), at('scheme.judge', BLIND)),
    edit('labels', 'blind-pack', 'a top-level labels array', (p) => (p.labels = [{ unit: turn(p, 0).id, value: 'yes' }]), at('labels', BLIND)),
    edit(
      'difficulty',
      'blind-pack',
      "puzzles keeping the bundle's difficulty",
      (p) => (objectAt(p, 'puzzles', 0).difficulty = 7),
      at('puzzles[0].difficulty', BLIND),
    ),
    edit(
      'session-judge-model',
      'blind-pack',
      'sessions[].judge_model',
      (p) => (objectAt(p, 'sessions', 0).judge_model = 'arbiter-large'),
      at('sessions[0].judge_model', BLIND),
    ),
    edit('study-id-colon', 'pack-id', 'study.id a/b:c', (p) => (objectAt(p, 'study').id = 'a/b:c'), at('study.id', NOT_STUDY_ID)),
    edit('study-id-climbs', 'pack-id', 'study.id ../../evil', (p) => (objectAt(p, 'study').id = '../../evil'), at('study.id', NOT_STUDY_ID)),
    edit('study-id-300', 'pack-id', 'a study.id of 300 characters', (p) => (objectAt(p, 'study').id = 's'.repeat(300)), at('study.id', NOT_STUDY_ID)),
    edit(
      'annotator-rlo',
      'pack-id',
      'an annotator id with U+202E',
      (p) => (objectAt(p, 'annotator').id = `ann${RLO}nosj.exe`),
      at('annotator.id', NOT_ANNOTATOR_ID),
    ),
    edit(
      'annotator-device',
      'pack-id',
      'the annotator id NUL, a Windows device',
      (p) => (objectAt(p, 'annotator').id = 'NUL'),
      at('annotator.id', 'a device name on Windows'),
    ),
    edit(
      'turn-id-zero-width',
      'pack-id',
      'a turn id with a zero-width space',
      (p) => (turn(p, 0).id = `${String(turn(p, 0).id)}\u200b`),
      at('turns[0].id', NOT_ID),
    ),
    edit('puzzle-id-300', 'pack-id', 'a puzzle id of 300 characters', (p) => (objectAt(p, 'puzzles', 0).id = 'p'.repeat(300)), at('puzzles[0].id', NOT_ID)),
    edit('version-01', 'version-rule', 'format version 01', (p) => (p.format = 'agreement-studio.pack/01'), at('format', 'is not a format this app knows')),
  ]);
}

function labelFileCases(): TamperCase[] {
  const b = bases();
  const base = JSON.parse(JSON.stringify(b.labelFile)) as Json;
  const label = (f: Json, i: number) => objectAt(f, 'labels', i);
  const edit = (slug: string, rule: TamperRule, what: string, change: (f: Json) => void, error: ErrorPlace): Draft => ({
    slug,
    rule,
    what,
    bytes: bytesOf(sealedEdit(base, change)),
    error,
  });
  return named('labels-json', [
    memberTwice(base, 'format', 'a second `format`', (f) => (f.format = 'agreement-studio.transcripts/1')),
    memberTwice(base, 'labels', 'a second `labels` with other answers', (f) => (f.labels as Json[]).forEach((l) => l.task === 'answer' && (l.value = 'no'))),
    edit(
      'annotator-million',
      'label-id',
      'an annotator id of 1,000,000 characters',
      (f) => (objectAt(f, 'annotator').id = 'a'.repeat(1_000_000)),
      at('annotator.id', NOT_ANNOTATOR_ID),
    ),
    edit(
      'annotator-rlo',
      'label-id',
      'an annotator id with U+202E',
      (f) => (objectAt(f, 'annotator').id = `ann${RLO}vsc.exe`),
      at('annotator.id', NOT_ANNOTATOR_ID),
    ),
    edit('study-id-slash', 'label-id', 'a studyId with a slash', (f) => (f.studyId = 'demo/study'), at('studyId', NOT_STUDY_ID)),
    edit('unit-300', 'label-id', 'a unit id of 300 characters', (f) => (label(f, 0).unit = 'u'.repeat(300)), at('labels[0].unit', NOT_ID)),
    edit(
      'rev-max-safe',
      'revision-bound',
      'revision 2^53-1',
      (f) => (label(f, 0).rev = MAX_SAFE),
      at('labels[0].rev', 'a whole number from 1 to 2,147,483,647'),
    ),
    edit('rev-2-31', 'revision-bound', 'revision 2^31', (f) => (label(f, 1).rev = 2 ** 31), at('labels[1].rev', 'a whole number from 1 to 2,147,483,647')),
    edit(
      'version-1.0.0',
      'version-rule',
      'format version 1.0.0',
      (f) => (f.format = 'agreement-studio.labels/1.0.0'),
      at('format', 'is not a format this app knows'),
    ),
  ]);
}

function labelCsvCases(): TamperCase[] {
  const b = bases();
  const rows = () => b.labelFile.labels.map((label) => [b.labelFile.annotator.id, label.unit, label.task, String(label.value)]);
  const edit = (slug: string, what: string, annotator: string, row: number): Draft => {
    const table = rows();
    (table[row] as string[])[0] = annotator;
    // Line 1 is the header.
    return { slug, rule: 'label-id', what, bytes: bytesOf(labelCsv(table)), error: { line: row + 2, path: 'annotator', message: NOT_ANNOTATOR_ID } };
  };
  return named('labels-csv', [
    edit('annotator-million', 'an annotator id of 1,000,000 characters', 'a'.repeat(1_000_000), 2),
    edit('annotator-rlo', 'an annotator id with U+202E', `ann${RLO}vsc.exe`, 4),
    edit('annotator-climbs', 'an annotator id ../../evil', '../../evil', 1),
  ]);
}

function backupCases(): TamperCase[] {
  const base = backupBase();
  const edit = (slug: string, rule: TamperRule, what: string, change: (b: Json) => void, error: ErrorPlace): Draft => ({
    slug,
    rule,
    what,
    bytes: bytesOf(sealedEdit(base, change)),
    error,
  });
  const record = (b: Json, list: string, i: number) => objectAt(b, list, i);
  const puzzleDifficulty = (slug: string, value: number) =>
    edit(
      `difficulty-${slug}`,
      'backup-checked',
      `a puzzle difficulty of ${value}`,
      (b) => (record(b, 'puzzles', 0).difficulty = value),
      at('puzzles[0].difficulty', 'a whole number from 1 to 9'),
    );
  const firstQuestion = (base.turns as Json[]).findIndex((turn) => turn.type === 'question');
  const firstFinal = (base.turns as Json[]).findIndex((turn) => turn.type === 'final');
  const labelOf = (task: string) => (base.labels as Json[]).findIndex((label) => label.task === task);
  const [answerLabel, difficultyLabel] = [labelOf('answer'), labelOf('difficulty')];
  const judgeOf = (turn: number) => Object.keys(objectAt(base, 'turns', turn, 'judgements'))[0] ?? '';
  // The demo study's scheme has no `unknown` (the base is checked to be accepted, so it says so).
  const ANSWER_VALUES = 'an answer label: yes, no or irrelevant';
  // Bytes that are not UTF-8 in a note: a backup is refused at the byte, never repaired into U+FFFD.
  const noteMark = sealedEdit(base, (b) => (record(b, 'labels', 0).note = 'HOSTILE-MARK'));
  return named('backup', [
    {
      slug: 'invalid-utf8',
      rule: 'backup-checked',
      what: 'a byte 0xFF in a note',
      bytes: () => spliceBytes(noteMark, new Uint8Array([0xff])),
      error: { line: lineAt(noteMark, noteMark.indexOf('HOSTILE-MARK')), message: 'not UTF-8 text' },
    },
    memberTwice(base, 'labels', 'a second `labels`', (b) => (b.labels as Json[]).forEach((l) => (l.rev = 2))),
    edit(
      'unit-missing',
      'backup-checked',
      'a label on a unit the backup lacks',
      (b) => (record(b, 'labels', 0).unitId = 's-nowhere/1'),
      at('labels[0].unitId', 'no turn of the backup has the id'),
    ),
    edit(
      'unit-wrong-kind',
      'backup-checked',
      'an answer label on a puzzle',
      (b) => (record(b, 'labels', 0).unitId = record(b, 'puzzles', 0).id),
      at('labels[0].unitId', 'no turn of the backup has the id'),
    ),
    edit(
      'at-yesterday',
      'backup-checked',
      'a label set "yesterday"',
      (b) => (record(b, 'labels', 1).at = 'yesterday'),
      at('labels[1].at', 'an ISO 8601 timestamp'),
    ),
    puzzleDifficulty('4.5', 4.5),
    puzzleDifficulty('0', 0),
    puzzleDifficulty('1e300', 1e300),
    puzzleDifficulty('minus-3', -3),
    edit(
      'turn-without-session',
      'backup-checked',
      'a turn of a session the backup lacks',
      (b) => (record(b, 'turns', firstQuestion).sessionId = 's-nowhere'),
      at(`turns[${firstQuestion}].sessionId`, 'no session of the backup has the id'),
    ),
    edit(
      'counts',
      'backup-checked',
      'study counts that are not the records',
      (b) => (objectAt(b, 'study', 'counts').turns = 9999),
      at('study.counts.turns', 'the backup holds'),
    ),
    edit(
      'turn-count',
      'backup-checked',
      "a session's turn count that is not its turns",
      (b) => (record(b, 'sessions', 0).turnCount = 1),
      at('sessions[0].turnCount', 'turns in the backup'),
    ),
    edit(
      'annotator-missing',
      'backup-checked',
      'labels by an annotator the backup lacks',
      (b) => (b.annotators = []),
      at('labels[0].annotatorId', 'no annotator of the backup has the id'),
    ),
    edit(
      'gold-missing-unit',
      'backup-checked',
      'a gold label on a unit the backup lacks',
      (b) => (b.gold = [{ studyId: DEMO_STUDY_ID, task: 'match', unitId: 'nowhere', value: 'matched', note: '', by: 'lead', at: NOW, basis: [] }]),
      at('gold[0].unitId', 'no turn of the backup has the id'),
    ),
    edit(
      'label-unknown',
      'backup-checked',
      'an answer label unknown, which the study does not enable',
      (b) => (record(b, 'labels', answerLabel).value = 'unknown'),
      at(`labels[${answerLabel}].value`, `expected ${ANSWER_VALUES}, got the text "unknown"`),
    ),
    edit(
      'label-matched-on-answer',
      'backup-checked',
      'an answer label matched',
      (b) => (record(b, 'labels', answerLabel).value = 'matched'),
      at(`labels[${answerLabel}].value`, `expected ${ANSWER_VALUES}, got the text "matched"`),
    ),
    edit(
      'label-difficulty-12',
      'backup-checked',
      'a difficulty rating of 12',
      (b) => (record(b, 'labels', difficultyLabel).value = 12),
      at(`labels[${difficultyLabel}].value`, 'expected a difficulty rating: a whole number from 1 to 9, got the number 12'),
    ),
    edit(
      'gold-unknown',
      'backup-checked',
      'a gold answer label unknown, which the study does not enable',
      (b) =>
        (b.gold = [
          { studyId: DEMO_STUDY_ID, task: 'answer', unitId: record(b, 'turns', firstQuestion).id, value: 'unknown', note: '', by: 'lead', at: NOW, basis: [] },
        ]),
      at('gold[0].value', `expected ${ANSWER_VALUES}, got the text "unknown"`),
    ),
    edit(
      'judge-unknown',
      'backup-checked',
      "a judge's answer unknown, which the study does not enable",
      (b) => (objectAt(b, 'turns', firstQuestion, 'judgements')[judgeOf(firstQuestion)] = 'unknown'),
      at(`turns[${firstQuestion}].judgements`, `expected ${ANSWER_VALUES} (or unparseable) on a question turn, got the text "unknown"`),
    ),
    edit(
      'judge-yes-on-final',
      'backup-checked',
      "a judge's yes on a final turn",
      (b) => (objectAt(b, 'turns', firstFinal, 'judgements')[judgeOf(firstFinal)] = 'yes'),
      at(`turns[${firstFinal}].judgements`, 'expected a match label: matched or unmatched (or unparseable) on a final turn, got the text "yes"'),
    ),
    edit(
      'rev-max-safe',
      'revision-bound',
      'a label revision of 2^53-1',
      (b) => (record(b, 'labels', 0).rev = MAX_SAFE),
      at('labels[0].rev', 'a revision from 1 to 2,147,483,647'),
    ),
    edit(
      'study-id-climbs',
      'backup-checked',
      'a study id ../x, on every record',
      (b) => {
        objectAt(b, 'study').id = '../x';
        for (const list of ['puzzles', 'sessions', 'turns', 'annotators', 'labels', 'audit']) (b[list] as Json[]).forEach((item) => (item.studyId = '../x'));
      },
      at('study.id', NOT_STUDY_ID),
    ),
    edit(
      'annotator-rlo',
      'backup-checked',
      'an annotator id with U+202E',
      (b) => {
        const id = `ann${RLO}vsc.exe`;
        record(b, 'annotators', 0).id = id;
        (b.labels as Json[]).forEach((item) => (item.annotatorId = id));
      },
      at('annotators[0].id', NOT_ANNOTATOR_ID),
    ),
  ]);
}

function bundleCases(): TamperCase[] {
  const base = bases().bundle;
  const edit = (slug: string, rule: TamperRule, what: string, change: (d: Json) => void, error: ErrorPlace): Draft => {
    const copy = structuredClone(base);
    change(copy);
    return { slug, rule, what, bytes: bytesOf(pretty(copy)), error };
  };
  const twiceFormat = withMemberTwice(pretty({ ...base, format: 'agreement-studio.labels/1' }), 'format', base.format);
  const session = objectAt(base, 'sessions', 0);
  const sessionText = withMemberTwice(pretty(base), 'judge', 'a-judge-nobody-ran', 6);
  const jsonl = [
    JSON.stringify({ type: 'header', format: base.format, id: base.id, name: base.name }),
    ...(base.puzzles as Json[]).map((puzzle) => JSON.stringify({ type: 'puzzle', ...puzzle })),
    ...(base.sessions as Json[]).map((s) => JSON.stringify({ type: 'session', ...s })),
  ];
  const sessionLine = 2 + (base.puzzles as Json[]).length;
  jsonl[sessionLine - 1] = (jsonl[sessionLine - 1] ?? '').replace('{"type":"session",', '{"type":"session","player":"someone-else",');
  return [
    ...named('bundle-json', [
      {
        slug: 'format-twice',
        rule: 'duplicate-member',
        what: 'a second `format`',
        bytes: bytesOf(twiceFormat.text),
        error: { line: twiceFormat.line, path: 'format', message: TWICE },
      },
      {
        slug: 'judge-twice',
        rule: 'duplicate-member',
        what: `the judge of session ${String(session.id)} given twice`,
        bytes: bytesOf(sessionText.text),
        error: { line: sessionText.line, path: 'sessions[0].judge', message: TWICE },
      },
      edit('study-id-rlo', 'pack-id', 'a study id with U+202E', (d) => (d.id = `demo${RLO}study`), at('id', NOT_STUDY_ID)),
      edit(
        'turn-id-control',
        'pack-id',
        'a turn id with an escape character',
        (d) => (objectAt(d, 'sessions', 0, 'turns', 0).id = 'turn\u001b[2J'),
        at('sessions[0].turns[0].id', NOT_ID),
      ),
      edit(
        'version-01',
        'version-rule',
        'format version 01',
        (d) => (d.format = 'agreement-studio.transcripts/01'),
        at('format', 'is not a format this app knows'),
      ),
    ]),
    ...named('bundle-jsonl', [
      {
        slug: 'player-twice',
        rule: 'duplicate-member',
        what: 'a session line naming its player twice',
        bytes: bytesOf(`${jsonl.join('\n')}\n`),
        error: { line: sessionLine, path: 'player', message: TWICE },
      },
    ]),
  ];
}

/** Every case of the suite, in a fixed order. */
export function tamperCases(): TamperCase[] {
  return [...packCases(), ...labelFileCases(), ...labelCsvCases(), ...backupCases(), ...bundleCases()];
}
