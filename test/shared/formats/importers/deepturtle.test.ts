// DeepTurtle's reviewed replies (issue 26 point 5): its real 61-record file (MIT, copied into
// test/fixtures/real/DeepTurtle) imports with every record accounted for: 18 puzzles, 61 sessions
// of one question each with the judge's reply as written, and each human correction either the
// reviewer's label (error type and explanation as its note) or listed as left out. Made-up files
// show the judge's name, the parts of the logic profile left out and the errors.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UNPARSEABLE } from '../../../../shared/domain/model';
import { benchmarkOf, importBenchmarkFiles } from '../../../../shared/formats/importers/benchmark-import';
import { DEEPTURTLE_JUDGE, importDeepTurtle } from '../../../../shared/formats/importers/deepturtle';
import { serializeBundleDocument, type ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { FILE_READERS } from '../../../../cli/support/file-readers';

const REAL_PATH = 'test/fixtures/real/DeepTurtle/at-a5d7696/data/deep_turtle_61.json';
const REAL = { name: 'deep_turtle_61.json', text: readFileSync(REAL_PATH, 'utf8') };

interface Review {
  user_query: string;
  model_response: string;
  human_correction: string;
  error_type: string;
}
const records = JSON.parse(REAL.text) as Array<{ id: string; title: string; review_data: Review }>;

function imported(result: Awaited<ReturnType<typeof importBenchmarkFiles>>): ImportedStudy {
  if (result?.ok !== true) throw new Error(JSON.stringify(result));
  return result.value;
}

const record = (over: Record<string, unknown> = {}, review: Record<string, unknown> = {}) => ({
  id: 'r-1',
  title: '镜子',
  surface: '他打碎了镜子。',
  truth: '那是一扇窗。',
  logic_profile: { tricks: ['以为是镜子'], milestones: { 知道是窗: 50, 知道他在屋外: 100 } },
  review_data: { user_query: '他在屋里吗', model_response: '是', human_correction: '不是，他在屋外', error_type: 'DeepSeek-Hallucination', ...review },
  ...over,
});
const file = (rows: unknown[]) => ({ name: 'deep_turtle.json', text: JSON.stringify(rows, null, 4) });

describe('DeepTurtle', () => {
  it('is taken by its own importer, not read as a plain puzzle list of surfaces and truths', async () => {
    expect(benchmarkOf([REAL])).toMatchObject({ system: 'DeepTurtle', models: 'caller' });
    const study = imported(await importBenchmarkFiles([REAL], {}, FILE_READERS));
    expect(study.layouts).toEqual([{ file: REAL.name, layout: expect.stringContaining('DeepTurtle') as string }]);
  });

  it('accounts for every one of the 61 real records: one session of one question each, the reply as written', async () => {
    const { bundle } = imported(await importBenchmarkFiles([REAL], {}, FILE_READERS));
    expect(bundle.puzzles).toHaveLength(new Set(records.map((r) => r.title)).size);
    expect(bundle.puzzles).toHaveLength(18);
    // Sessions come puzzle by puzzle; every record is one of them, by its own id.
    expect(bundle.sessions.map((s) => s.id).sort()).toEqual(records.map((r) => r.id).sort());
    for (const source of records) {
      const session = bundle.sessions.find((s) => s.id === source.id);
      expect(session).toMatchObject({ puzzleId: source.title, judge: DEEPTURTLE_JUDGE });
      expect(session?.turns).toEqual([
        {
          id: `${source.id}/1`,
          type: 'question',
          text: source.review_data.user_query,
          judgements: { [DEEPTURTLE_JUDGE]: expect.any(String) as string },
          judgeReplies: { [DEEPTURTLE_JUDGE]: source.review_data.model_response },
        },
      ]);
    }
    // The judge's plain 是 and 不是 are read; its 是也不是 is kept as written, unreadable.
    const labelOf = (reply: string) =>
      bundle.sessions.find((s) => s.turns[0]?.judgeReplies?.[DEEPTURTLE_JUDGE] === reply)?.turns[0]?.judgements[DEEPTURTLE_JUDGE];
    expect([labelOf('是'), labelOf('不是'), labelOf('是也不是')]).toEqual(['yes', 'no', UNPARSEABLE]);
    expect(parseTranscriptBundle({ name: 'b.json', text: serializeBundleDocument(bundle) }).ok).toBe(true);
  });

  it("makes each correction the reviewer's label with its error type as the note, or lists it as left out: 61 in all", async () => {
    const { raters, leftovers } = imported(await importBenchmarkFiles([REAL], {}, FILE_READERS));
    expect(raters.map((r) => r.annotator)).toEqual([{ id: 'deepturtle-reviewer', name: 'DeepTurtle reviewer' }]);
    const labels = raters[0]?.labels ?? [];
    const notLabels = leftovers.find((item) => item.what.startsWith('records: a human correction'));
    expect(labels.length + (notLabels?.count ?? 0)).toBe(61);
    expect(labels.length).toBeGreaterThan(0);
    // Every label is on a record's question, and no record has two.
    expect(new Set(labels.map((l) => l.unit)).size).toBe(labels.length);
    const unitOf = (i: number) => `${records[i]?.id}/1`;
    // "不是" (record 0, a false report): the label, the error type alone as its note.
    expect(labels.find((l) => l.unit === unitOf(0))).toEqual({ unit: unitOf(0), task: 'answer', value: 'no', note: 'User_False_Report' });
    // "是，好奇心重的人往往会读完它": yes, and the correction's explanation kept beside the error type.
    expect(labels.find((l) => l.unit === unitOf(1))).toEqual({
      unit: unitOf(1),
      task: 'answer',
      value: 'yes',
      note: 'DeepSeek-Hallucination: 是，好奇心重的人往往会读完它',
    });
    // "不是（死的是情妇）": no, the bracket kept in the note.
    expect(labels.find((l) => l.unit === unitOf(2))).toMatchObject({ value: 'no', note: 'DeepSeek-Hallucination: 不是（死的是情妇）' });
    // Only the "是也不是" corrections are no label (the shared rule reads 是, 不是, 不重要 and 没有关系).
    expect([labels.length, notLabels?.count]).toEqual([59, 2]);
    // "是也不是" is no label: listed with the record it came from.
    const both = records.findIndex((r) => r.review_data.human_correction.startsWith('是也不是'));
    expect(labels.some((l) => l.unit === unitOf(both))).toBe(false);
    expect(notLabels?.examples.join('\n')).toContain('是也不是');
  });

  it("keeps each puzzle's milestones as its key clues and lists the rest of the logic profile as not imported", async () => {
    const { bundle, leftovers } = imported(await importBenchmarkFiles([REAL], {}, FILE_READERS));
    expect(bundle.puzzles[0]).toMatchObject({
      id: '祭日',
      title: '祭日',
      language: 'zh',
      keyClues: ['儿子死于生病', '儿子捐献了器官', '那三人是器官受赠者', '三人有纹身/吸烟/酗酒行为', '我认为他们在糟践儿子的生命'],
    });
    const profile = leftovers.filter((item) => item.what.startsWith('field [].logic_profile'));
    expect(profile.map((item) => [item.what, item.count])).toEqual([
      ['field [].logic_profile.entities_preprocess', 18],
      ['field [].logic_profile.entities', 18],
      ['field [].logic_profile.tricks', 18],
      ['field [].logic_profile.summary', 18],
      ['field [].logic_profile.logic_rules', 18],
      ["field [].logic_profile.milestones' points (the milestones are the key clues)", 18],
    ]);
  });

  it('names the judge DeepSeek unless the lead names the model, and the player the site’s players unless named', () => {
    const named = importDeepTurtle([file([record()])], { judge: 'deepseek-v3', player: 'p' });
    if (!named.ok) throw new Error(JSON.stringify(named.errors));
    expect(named.value.bundle.sessions[0]).toMatchObject({ judge: 'deepseek-v3', player: 'p' });
    expect(named.value.bundle.sessions[0]?.turns[0]?.judgements).toEqual({ 'deepseek-v3': 'yes' });
    const plain = importDeepTurtle([file([record()])]);
    if (!plain.ok) throw new Error(JSON.stringify(plain.errors));
    expect(plain.value.bundle.sessions[0]).toMatchObject({ judge: 'DeepSeek', player: 'turtlenoir.com players' });
    expect(plain.value.raters[0]?.labels).toEqual([{ unit: 'r-1/1', task: 'answer', value: 'no', note: 'DeepSeek-Hallucination: 不是，他在屋外' }]);
  });

  it('lists unknown fields and a differing logic profile of a repeated puzzle, and imports a record without a review as a puzzle only', () => {
    const result = importDeepTurtle([
      file([
        record({ level: 3 }),
        record({ id: 'r-2', logic_profile: { milestones: {} } }, { extra: 'x' }),
        record({ id: 'r-3', title: '别的', review_data: undefined }),
      ]),
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { bundle, leftovers } = result.value;
    expect(bundle.puzzles.map((p) => [p.id, p.keyClues])).toEqual([
      ['镜子', ['知道是窗', '知道他在屋外']],
      ['别的', ['知道是窗', '知道他在屋外']],
    ]);
    expect(bundle.sessions.map((s) => [s.id, s.puzzleId])).toEqual([
      ['r-1', '镜子'],
      ['r-2', '镜子'],
    ]);
    const what = leftovers.map((item) => `${item.what}: ${item.count}`);
    expect(what).toContain('field [].level: 1');
    expect(what).toContain('field [].review_data.extra: 1');
    expect(what).toContain("records: a logic_profile unlike the one of the puzzle's first record (the first is read): 1");
  });

  it('refuses a record without its truth or question, naming the file and the record', () => {
    const result = importDeepTurtle([file([record(), record({ id: 'r-2', truth: '' }), record({ id: 'r-3' }, { user_query: 7 })])]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { file: 'deep_turtle.json', path: '[1]', message: 'expected title, surface and truth as text' },
      { file: 'deep_turtle.json', path: '[2].review_data.user_query', message: "expected the player's question as text" },
    ]);
  });
});
