// AR-Bench's situation-puzzle logs (issue 26 point 5, SOURCES §6), written as its code writes them
// for every method: each record is a session of the file name's policy model on puzzle-{idx}, each
// question carries the judge's answer as written and read by the shared rule ("not a question" no
// label), pred is a final with no verdict; the tot tree's unchosen branches are counted as not
// imported; the judge is asked for, never guessed; a broken record is named by file and JSON path.

import { describe, expect, it } from 'vitest';
import { arBenchRunOf, describeArBenchTree, importArBenchLogs } from '../../../../shared/formats/importers/arbench-sp';
import { NO_JUDGE } from '../../../../shared/formats/importers/imported-study';
import { benchmarkOf, importBenchmarkFiles } from '../../../../shared/formats/importers/benchmark-import';
import { serializeBundleDocument, type BenchmarkImport, type ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { FILE_READERS } from '../../../../cli/support/file-readers';
import { chatRecord, NOT_A_QUESTION, proactiveCotLog, pythonDump, STORIES, totFiles, uotLog, zeroShotLog } from './arbench-sp-log';

const JUDGE = 'qwen2.5-32b-instruct';
const file = (name: string, text: string) => ({ name, text });
const ZERO_SHOT = file('logs/sp/log_zero_shot_gpt-4o-mini.json', zeroShotLog());

function imported(result: BenchmarkImport | undefined): ImportedStudy {
  if (result?.ok !== true) throw new Error(JSON.stringify(result));
  return result.value;
}

function errorsOf(result: BenchmarkImport) {
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

const leftover = (study: ImportedStudy, what: string) => study.leftovers.find((item) => item.what.startsWith(what));

describe('AR-Bench situation-puzzle logs', () => {
  it('reads the zero_shot chat: questions labelled from the judge’s answers, pred a final with no verdict', async () => {
    expect(benchmarkOf([ZERO_SHOT])).toMatchObject({ system: 'AR-Bench situation puzzles', models: 'caller' });
    const study = imported(await importBenchmarkFiles([ZERO_SHOT], { judge: JUDGE }, FILE_READERS));
    expect(study.layouts).toEqual([
      { file: ZERO_SHOT.name, layout: 'AR-Bench situation-puzzle log (logs/sp/log_{method}_{model}.json), method zero_shot, policy model gpt-4o-mini' },
    ]);
    const { bundle } = study;
    expect(bundle.puzzles).toEqual([
      { id: 'puzzle-0', story: STORIES[0].surface, reference: STORIES[0].bottom, language: 'en', source: 'AR-Bench' },
      { id: 'puzzle-1', story: STORIES[1].surface, reference: STORIES[1].bottom, language: 'en', source: 'AR-Bench' },
    ]);
    expect(bundle.sessions.map((s) => [s.id, s.puzzleId, s.player, s.judge, s.maxRounds])).toEqual([
      ['log_zero_shot_gpt-4o-mini/0', 'puzzle-0', 'gpt-4o-mini', JUDGE, 3],
      ['log_zero_shot_gpt-4o-mini/1', 'puzzle-1', 'gpt-4o-mini', JUDGE, 3],
    ]);
    const turns = bundle.sessions.flatMap((s) => s.turns);
    expect(turns.map((t) => [t.id, t.type, t.judgements[JUDGE] ?? 'no label', t.judgeReplies?.[JUDGE]])).toEqual([
      ['log_zero_shot_gpt-4o-mini/0/1', 'question', 'yes', 'Yes'],
      ['log_zero_shot_gpt-4o-mini/0/2', 'question', 'no', 'No'],
      // AR-Bench's Unknown, "cannot be deduced", is our irrelevant; the reply stays as written.
      ['log_zero_shot_gpt-4o-mini/0/3', 'question', 'irrelevant', 'Unknown'],
      ['log_zero_shot_gpt-4o-mini/0/final', 'final', 'no label', undefined],
      ['log_zero_shot_gpt-4o-mini/1/1', 'question', 'no', 'No'],
      ['log_zero_shot_gpt-4o-mini/1/2', 'question', 'no label', NOT_A_QUESTION],
      ['log_zero_shot_gpt-4o-mini/1/3', 'question', 'yes', 'Yes'],
      ['log_zero_shot_gpt-4o-mini/1/final', 'final', 'no label', undefined],
    ]);
    expect(turns[0]?.text).toBe('Q: Is the bread thrown away on purpose?');
    expect(turns[3]?.text).toBe('A: He tests his oven with the first tray and feeds it to the ducks.');
    expect(leftover(study, 'records: a question the judge answered "This is not a question')).toMatchObject({
      count: 1,
      examples: ['log_zero_shot_gpt-4o-mini/1/2: A: He wanted the town to see the stars.'],
    });
    // Scores, tokens and the player's prompts: listed, one per record.
    for (const what of [
      'field [].f1_score_char',
      'field [].f1_score_word',
      'field [].input_token',
      'field [].output_token',
      "field [].record's system message",
      "field [].record's request for the final answer",
    ])
      expect({ what, count: leftover(study, what)?.count }).toEqual({ what, count: 2 });
    expect(leftover(study, 'field [].round')).toBeUndefined();
    // The bundle it writes is one our own reader takes.
    const reread = parseTranscriptBundle({ name: 'arbench.json', text: serializeBundleDocument(bundle) });
    expect(reread.ok && reread.value.study.counts).toMatchObject({ puzzles: 2, sessions: 2, questions: 6, finals: 2 });
  });

  it('asks for the judge, which AR-Bench writes nowhere, and for the player when the file name does not give it', () => {
    const asked = importArBenchLogs([ZERO_SHOT]);
    expect(asked).toMatchObject({ ok: false, needs: ['judge'] });
    expect(errorsOf(asked)[0]?.message).toContain('AR-Bench writes the response model (the judge) in no file');
    const renamed = file('zero_shot_sp.json', zeroShotLog());
    expect(importArBenchLogs([renamed])).toMatchObject({ ok: false, needs: ['player', 'judge'] });
    const named = imported(importArBenchLogs([renamed], { player: 'gpt-4o', judge: JUDGE }));
    expect(named.layouts[0]?.layout).toContain('method and policy model not in the file name');
    expect(named.bundle.sessions.map((s) => [s.id, s.player, s.maxRounds])).toEqual([
      ['zero_shot_sp/0', 'gpt-4o', undefined],
      ['zero_shot_sp/1', 'gpt-4o', undefined],
    ]);
    // Without the method, round may be the turns played (uot) or the limit: listed, not guessed.
    expect(leftover(named, 'field [].round')?.count).toBe(2);
  });

  it('splits the file name on the known methods, a model with underscores or a slash included', () => {
    expect(arBenchRunOf('logs/sp/log_few_shot_inst_gpt_4o.json')).toEqual({ method: 'few_shot_inst', model: 'gpt_4o', run: 'log_few_shot_inst_gpt_4o' });
    expect(arBenchRunOf('log_few_shot_llama-3.1-8b.json')).toMatchObject({ method: 'few_shot', model: 'llama-3.1-8b' });
    expect(arBenchRunOf('C:\\runs\\log_proactive_cot_o3-mini.json')).toMatchObject({ method: 'proactive_cot', model: 'o3-mini' });
    // sp_evaluation.sh's path with POLICY_MODEL=Qwen/Qwen2.5-7B-Instruct makes a folder.
    expect(arBenchRunOf('logs/sp/log_uot_Qwen/Qwen2.5-7B-Instruct.json')).toMatchObject({ method: 'uot', model: 'Qwen/Qwen2.5-7B-Instruct' });
    expect(arBenchRunOf('logs/sp/log_beam_gpt-4o.json')).toBeUndefined();
    expect(arBenchRunOf('logs/sp/log_tot_.json')).toBeUndefined();
  });

  it('reads few_shot and few_shot_inst logs as the same chat', () => {
    for (const method of ['few_shot', 'few_shot_inst']) {
      const study = imported(importArBenchLogs([file(`log_${method}_gpt_4o.json`, zeroShotLog())], { judge: JUDGE }));
      expect(study.bundle.sessions.map((s) => [s.id, s.player, s.turns.length])).toEqual([
        [`log_${method}_gpt_4o/0`, 'gpt_4o', 4],
        [`log_${method}_gpt_4o/1`, 'gpt_4o', 4],
      ]);
    }
  });

  it('reads tot’s chosen path from the log and lists the branches of its _tree.json it did not choose', async () => {
    const { log, tree } = totFiles();
    const files = [file('logs/sp/log_tot_gpt-4o.json', log), file('logs/sp/log_tot_gpt-4o_tree.json', tree)];
    const study = imported(await importBenchmarkFiles(files, { judge: JUDGE }, FILE_READERS));
    expect(study.layouts.map((l) => l.layout)).toEqual([
      'AR-Bench situation-puzzle log (logs/sp/log_{method}_{model}.json), method tot, policy model gpt-4o',
      "AR-Bench tree-of-thought search trees (log_tot_{model}_tree.json beside the tot method's log)",
    ]);
    const [session] = study.bundle.sessions;
    expect(session?.maxRounds).toBe(2);
    expect(session?.turns.map((t) => [t.text, t.judgements[JUDGE] ?? 'no label'])).toEqual([
      ['Q: Does the baker mean to throw the bread away?', 'yes'],
      ['Q: Is the bread eaten by animals?', 'yes'],
      ['A: He checks his oven and feeds the ducks.', 'no label'],
    ]);
    const unchosen = leftover(study, 'records: questions of branches the tot search did not choose');
    expect(unchosen).toMatchObject({ file: 'logs/sp/log_tot_gpt-4o_tree.json', count: 4 });
    expect(unchosen?.examples[0]).toBe('log_tot_gpt-4o/0, level 1: Q: Is the bread poisoned? — No');
    // validate's line for the tree alone counts the same branches.
    expect(describeArBenchTree(files[1] ?? file('', ''))).toContain('1 tree, 4 unchosen branch questions listed as not imported');
    // Without its tree the log imports the same sessions, with nothing to list from the tree.
    const alone = imported(importArBenchLogs([files[0] ?? file('', '')], { judge: JUDGE }));
    expect(alone.bundle.sessions).toEqual(study.bundle.sessions);
    expect(leftover(alone, 'records: questions of branches')).toBeUndefined();
  });

  it('reads proactive_cot’s raw replies with the shared rule, a skipped turn leaving the record short of its rounds', () => {
    const study = imported(importArBenchLogs([file('log_proactive_cot_o3-mini.json', proactiveCotLog())], { judge: JUDGE }));
    const [session] = study.bundle.sessions;
    expect([session?.puzzleId, session?.maxRounds]).toEqual(['puzzle-2', 3]);
    expect(session?.turns.map((t) => [t.judgements[JUDGE] ?? 'no label', t.judgeReplies?.[JUDGE]])).toEqual([
      ['yes', 'Yes.'],
      ['no', 'No, she has never been there.'],
      ['no label', undefined],
    ]);
    // Non-ASCII written escaped, as json.dump does, reads back as written.
    expect(study.bundle.puzzles[0]?.story).toBe(STORIES[2].surface);
  });

  it('keeps uot’s round, the turns played, as not imported rather than as the round limit', () => {
    const study = imported(importArBenchLogs([file('log_uot_gpt-4o.json', uotLog())], { judge: JUDGE }));
    expect(study.bundle.sessions[0]?.maxRounds).toBeUndefined();
    expect(study.bundle.sessions[0]?.turns.map((t) => t.judgements[JUDGE] ?? 'no label')).toEqual(['yes', 'no', 'no label']);
    expect(leftover(study, 'field [].round (the turns uot played')?.examples).toEqual(['log_uot_gpt-4o/1: 2']);
  });

  it('takes several methods’ logs as one study, the puzzles shared by idx', () => {
    const files = [
      ZERO_SHOT,
      file('log_tot_gpt-4o.json', totFiles().log),
      file('log_proactive_cot_o3-mini.json', proactiveCotLog()),
      file('log_uot_gpt-4o.json', uotLog()),
    ];
    const study = imported(importArBenchLogs(files, { judge: JUDGE }));
    expect(study.bundle.name).toBe('AR-Bench situation puzzles (zero_shot, tot, proactive_cot, uot)');
    expect(study.bundle.puzzles.map((p) => p.id)).toEqual(['puzzle-0', 'puzzle-1', 'puzzle-2']);
    expect(study.bundle.sessions.map((s) => `${s.player} ${s.puzzleId}`)).toEqual([
      'gpt-4o-mini puzzle-0',
      'gpt-4o-mini puzzle-1',
      'gpt-4o puzzle-0',
      'o3-mini puzzle-2',
      'gpt-4o puzzle-1',
    ]);
  });

  it('imports what a stopped run wrote (a run resumes from a partial log) and asks no judge when no record holds an answer', () => {
    const partial = imported(importArBenchLogs([file('log_zero_shot_gpt-4o.json', pythonDump([JSON.parse(zeroShotLog())[0]]))], { judge: JUDGE }));
    expect(partial.bundle.sessions.map((s) => s.id)).toEqual(['log_zero_shot_gpt-4o/0']);
    // max_turn=0: the record holds only the player's prompts and its answer.
    const unasked = imported(importArBenchLogs([file('log_zero_shot_gpt-4o.json', pythonDump([chatRecord(1, [], 'A: A meteor shower.')]))]));
    expect(unasked.bundle.sessions.map((s) => [s.judge, s.turns.map((t) => t.type)])).toEqual([[NO_JUDGE, ['final']]]);
  });

  it('names the file, the record and the place of a broken record, in words', () => {
    const records = JSON.parse(zeroShotLog()) as Array<ReturnType<typeof chatRecord>>;
    const broken = structuredClone(records);
    broken[1]?.record.splice(3, 1); // the judge's answer to turn 1 is gone
    expect(errorsOf(importArBenchLogs([file('log_zero_shot_x.json', pythonDump(broken))], { judge: JUDGE }))).toEqual([
      {
        file: 'log_zero_shot_x.json',
        path: '[1].record[3]',
        rowId: '1',
        rowNoun: 'log record',
        message: "expected the judge's answer (a user message) after the player's question",
      },
    ]);
    const noIdx = records.map((record, i) => (i === 0 ? { ...record, idx: 'first' } : record));
    expect(errorsOf(importArBenchLogs([file('log_zero_shot_x.json', pythonDump(noIdx))], { judge: JUDGE }))[0]).toMatchObject({
      path: '[0].idx',
      message: "expected idx, the puzzle's position in the data file, a whole number from 0",
    });
    // Two logs of different data files: idx 0 is another story.
    const other = records.map((record) => ({ ...record, question: `${record.question} (train)` }));
    expect(errorsOf(importArBenchLogs([ZERO_SHOT, file('log_zero_shot_y.json', pythonDump(other))], { judge: JUDGE }))[0]).toMatchObject({
      file: 'log_zero_shot_y.json',
      path: '[0].question',
      message: `idx 0 has another story or answer in ${ZERO_SHOT.name}; import the logs of one data file (data/sp/test.json) together`,
    });
    const cut = zeroShotLog().slice(0, 400);
    expect(errorsOf(importArBenchLogs([file('log_zero_shot_x.json', cut)]))[0]).toMatchObject({
      file: 'log_zero_shot_x.json',
      message: expect.stringContaining('invalid JSON'),
    });
  });

  it('refuses a tree file without its log, or one written beside another log', () => {
    const { log, tree } = totFiles();
    expect(errorsOf(importArBenchLogs([ZERO_SHOT, file('log_tot_gpt-4o_tree.json', tree)], { judge: JUDGE }))[0]?.message).toBe(
      'the tree file of a tot log that was not given; give log_tot_gpt-4o.json with it',
    );
    const nodes = JSON.parse(tree) as Array<Array<{ question: string }>>;
    const node = nodes[0]?.[5];
    if (node) node.question = 'Q: Something else?';
    const result = importArBenchLogs([file('log_tot_gpt-4o.json', log), file('log_tot_gpt-4o_tree.json', pythonDump(nodes))], { judge: JUDGE });
    expect(errorsOf(result)[0]).toMatchObject({
      file: 'log_tot_gpt-4o_tree.json',
      path: '[0]',
      message: 'no node at level 2 is question 2 of record 1 in the log; give the tree file written with this log',
    });
  });
});
