// Backups /2 (issue 33): labels' and gold labels' sets of acceptable answers and the study scheme's
// multipleAnswers round-trip member for member; a /1 backup, which has none, still reads; a bad
// set is refused where it is, in a label file's words.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StudyData } from '../../../shared/domain/model';
import { buildBackup, parseBackup, serializeBackup, type BackupContent } from '../../../shared/formats/backup';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { sha256Hex } from '../../../shared/formats/sha256';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { errorsOf, valueOf } from './parse-results';

const NOW = '2026-11-22T10:00:00.000Z';
const demoText = readFileSync(new URL('../../../assets/demo-study.json', import.meta.url), 'utf8');
const demo: StudyData = valueOf(parseTranscriptBundle({ name: 'demo-study.json', text: demoText }, { now: NOW }));

/** The demo study with several answers allowed, a label with a set, one without, and a gold set. */
function contentWithSets(): BackupContent {
  const studyId = demo.study.id;
  const [q1, q2] = demo.turns.filter((turn) => turn.type === 'question');
  if (!q1 || !q2) throw new Error('the demo study lacks questions');
  return {
    study: { ...demo.study, scheme: { answerUnknown: true, multipleAnswers: true } },
    puzzles: demo.puzzles,
    sessions: demo.sessions,
    turns: demo.turns,
    annotators: [{ studyId, id: 'ann-1', name: 'Ann One' }],
    labels: [
      { studyId, annotatorId: 'ann-1', unitId: q1.id, task: 'answer', value: 'no', acceptable: ['no', 'unknown'], at: NOW, rev: 1, unsure: false, note: '' },
      { studyId, annotatorId: 'ann-1', unitId: q2.id, task: 'answer', value: 'yes', at: NOW, rev: 1, unsure: false, note: '' },
    ],
    assignments: [],
    gold: [
      {
        studyId,
        task: 'answer',
        unitId: q1.id,
        value: 'no',
        note: 'both are right',
        by: 'Lead',
        at: NOW,
        basis: ['ann-1=no'],
        acceptable: ['no', 'irrelevant'],
      },
    ],
    audit: [],
  };
}

const source = (text: string) => ({ name: 'demo-study.backup.json', text });

function signed(content: Record<string, unknown>): string {
  return JSON.stringify({ ...content, sha256: sha256Hex(canonicalJson(content)) });
}

function rawOf(text: string): Record<string, unknown> {
  const raw = JSON.parse(text) as Record<string, unknown>;
  delete raw.sha256;
  return raw;
}

describe('backups /2: sets of acceptable answers', () => {
  it('round-trips label sets, a gold set and multipleAnswers, member for member', () => {
    const backup = buildBackup(contentWithSets(), { createdAt: NOW, app: 'agreement-studio test' });
    expect(backup.format).toBe('agreement-studio.backup/2');
    const parsed = valueOf(parseBackup(source(serializeBackup(backup))));
    expect(parsed).toEqual(backup);
    expect(parsed.labels.map((label) => label.acceptable)).toEqual([['no', 'unknown'], undefined]);
    expect(parsed.gold[0]?.acceptable).toEqual(['no', 'irrelevant']);
    expect(parsed.study.scheme).toEqual({ answerUnknown: true, multipleAnswers: true });
    const content = contentWithSets();
    expect(parsed.labels.map((label) => JSON.stringify(label))).toEqual(content.labels.map((label) => JSON.stringify(label)));
    expect(JSON.stringify(parsed.gold)).toBe(JSON.stringify(content.gold));
  });

  it('reads a /1 backup, which has no sets, as the /2 backup this version would write', () => {
    const { labels, gold, study } = contentWithSets();
    const v1Content: BackupContent = {
      ...contentWithSets(),
      study: { ...study, scheme: { answerUnknown: true } },
      labels: labels.map(({ acceptable: _, ...label }) => label),
      gold: gold.map(({ acceptable: _, ...record }) => record),
    };
    const current = buildBackup(v1Content, { createdAt: NOW, app: 'agreement-studio test' });
    const v1 = signed({ ...rawOf(serializeBackup(current)), format: 'agreement-studio.backup/1' });
    expect(valueOf(parseBackup(source(v1)))).toEqual(current);
  });

  it('refuses a bad set of a label or gold label at its place, and multipleAnswers that is not true or false', () => {
    const raw = rawOf(serializeBackup(buildBackup(contentWithSets(), { createdAt: NOW, app: 'agreement-studio test' })));
    const labels = raw.labels as Record<string, unknown>[];
    const gold = raw.gold as Record<string, unknown>[];
    labels[0] = { ...labels[0], acceptable: ['unknown', 'no'] };
    gold[0] = { ...gold[0], acceptable: ['no', 'no'] };
    raw.study = { ...(raw.study as Record<string, unknown>), scheme: { answerUnknown: true, multipleAnswers: 1 } };
    expect(errorsOf(parseBackup(source(signed(raw))))).toEqual([
      { file: 'demo-study.backup.json', path: 'study.scheme.multipleAnswers', message: 'expected true or false, got the number 1' },
      { file: 'demo-study.backup.json', path: 'labels[0].acceptable', message: 'the first acceptable answer must be the label\'s value "no", got "unknown"' },
      { file: 'demo-study.backup.json', path: 'gold[0].acceptable', message: 'acceptable[1]: "no" is listed twice; each acceptable answer once' },
    ]);
  });

  it("holds a set to the backup's own scheme: unknown only where the scheme has it", () => {
    const content = contentWithSets();
    const without = buildBackup(
      { ...content, study: { ...content.study, scheme: { answerUnknown: false } } },
      { createdAt: NOW, app: 'agreement-studio test' },
    );
    expect(errorsOf(parseBackup(source(serializeBackup(without))))).toEqual([
      {
        file: 'demo-study.backup.json',
        path: 'labels[0].acceptable',
        message: 'acceptable[1]: expected an answer label (yes, no or irrelevant), got the text "unknown"',
      },
    ]);
  });
});
