// AgentBench's lateral-thinking runs (issue 26 point 5, SOURCES §7): a runs.jsonl written as
// AgentBench writes one, with its companions and the real dev.xlsx (Apache-2.0), imports each game
// as a session of the agent its folder names, judged by gpt-3.5-turbo-0613, each round a question
// labelled from the host's reply and none where the code answered; the answer keys are key clues
// (point 4), alone or with a run; nothing else is dropped without being listed.

import { describe, expect, it } from 'vitest';
import { benchmarkOf, importBenchmarkFiles } from '../../../../shared/formats/importers/benchmark-import';
import type { ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { serializeBundleDocument } from '../../../../shared/formats/importers/imported-study';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { FILE_READERS } from '../../../../cli/support/file-readers';
import { CONFIG_YAML, DEV_XLSX, ERROR_JSONL, GAME_0, IN_STORY_HINT, INVALID_HINT, OVERALL_JSON, runsJsonl } from './agentbench-run';

const RUN = 'outputs/2024-01-02-03-04-00/gpt-4/ltp-dev';
const runs = (name = `${RUN}/runs.jsonl`) => ({ name, text: runsJsonl() });
const companions = [
  { name: `${RUN}/error.jsonl`, text: ERROR_JSONL },
  { name: `${RUN}/overall.json`, text: OVERALL_JSON },
  { name: 'outputs/2024-01-02-03-04-00/config.yaml', text: CONFIG_YAML },
];

function imported(result: Awaited<ReturnType<typeof importBenchmarkFiles>>): ImportedStudy {
  if (result?.ok !== true) throw new Error(JSON.stringify(result));
  return result.value;
}

const leftoverCount = (study: ImportedStudy, what: string) => study.leftovers.find((item) => item.what.startsWith(what))?.count;

describe('AgentBench lateral-thinking runs', () => {
  it('takes runs.jsonl with its companions and workbook: each game a session of the folder’s agent, judged by gpt-3.5-turbo-0613', async () => {
    const files = [runs(), ...companions, DEV_XLSX];
    expect(benchmarkOf(files)).toMatchObject({ system: 'AgentBench lateral thinking', models: 'caller' });
    const study = imported(await importBenchmarkFiles(files, {}, FILE_READERS));
    expect(study.layouts.map((l) => l.layout.split(' (')[0])).toEqual([
      'AgentBench lateral-thinking run',
      'AgentBench failed samples',
      'AgentBench task figures',
      'AgentBench run settings',
      'AgentBench lateral-thinking puzzles',
    ]);
    const { bundle } = study;
    // The workbook's 20 puzzles, numbered from 0 as AgentBench numbers its samples, the answer keys as key clues.
    expect(bundle.puzzles).toHaveLength(20);
    expect(bundle.puzzles[0]).toMatchObject({
      id: 'puzzle-0',
      language: 'en',
      keyClues: [
        'Eye disease is the issue he is concerned about.',
        'After experiencing the tunnel, his eyes seemed to go blind again.',
        "He couldn't bear this blow.",
        'He chose suicide as a way to find relief.',
      ],
    });
    expect(bundle.sessions.map((s) => [s.id, s.puzzleId, s.player, s.judge, s.maxRounds])).toEqual([
      ['gpt-4/ltp-dev/1', 'puzzle-1', 'gpt-4', 'gpt-3.5-turbo-0613', 25],
      ['gpt-4/ltp-dev/0', 'puzzle-0', 'gpt-4', 'gpt-3.5-turbo-0613', 25],
    ]);
    const game = bundle.sessions[1]?.turns ?? [];
    expect(game.map((t) => [t.id, t.text, t.judgements['gpt-3.5-turbo-0613'] ?? 'no label', t.judgeReplies?.['gpt-3.5-turbo-0613']])).toEqual([
      ['gpt-4/ltp-dev/0/1', 'Is the man blind before the train trip?', 'yes', 'Yes.'],
      ['gpt-4/ltp-dev/0/2', "Great job! Let's start a new game.", 'no label', undefined],
      ['gpt-4/ltp-dev/0/3', 'Did the doctor make a mistake?', 'no', 'No, the doctor did not make a mistake.'],
      ['gpt-4/ltp-dev/0/4', 'The train passed through a tunnel.', 'no label', undefined],
      ['gpt-4/ltp-dev/0/5', 'Was it raining?', 'irrelevant', 'Irrelevant.'],
    ]);
    expect(parseTranscriptBundle({ name: 'b.json', text: serializeBundleDocument(bundle) }).ok).toBe(true);
  });

  it('lists the code’s hints, the outcome, the task error, the failed samples, the figures and the settings as not imported', async () => {
    const study = imported(await importBenchmarkFiles([runs(), ...companions, DEV_XLSX], {}, FILE_READERS));
    const hints = study.leftovers.find((item) => item.what.startsWith("records: a question the task's code answered"));
    expect(hints?.count).toBe(2);
    // Examples are cut at 80 characters.
    expect(hints?.examples.map((example) => example.slice(0, 60))).toEqual(
      [`gpt-4/ltp-dev/0/2: ${INVALID_HINT}`, `gpt-4/ltp-dev/0/4: ${IN_STORY_HINT}`].map((example) => example.slice(0, 60)),
    );
    expect(leftoverCount(study, 'field output.result.progress')).toBe(2);
    expect(leftoverCount(study, 'field output.result.hit_keys')).toBe(2);
    expect(leftoverCount(study, 'field output.result.finished')).toBe(2);
    expect(leftoverCount(study, 'field output.status')).toBe(2);
    expect(leftoverCount(study, 'field output.history')).toBe(2);
    expect(leftoverCount(study, 'records: samples that ended without a game')).toBe(1);
    expect(leftoverCount(study, 'records: samples whose agent call failed')).toBe(1);
    expect(leftoverCount(study, 'field custom')).toBe(1);
    expect(leftoverCount(study, 'setting assignments')).toBe(1);
    expect(leftoverCount(study, 'column "Story keys"')).toBe(20);
  });

  it('takes the puzzles from the game logs without the workbook, and asks for the agent when the file has no folder', async () => {
    const alone = imported(await importBenchmarkFiles([runs()], {}, FILE_READERS));
    expect(alone.bundle.puzzles.map((p) => [p.id, p.story.slice(0, 20), p.keyClues])).toEqual([
      ['puzzle-0', GAME_0[0]?.slice(7, 27), undefined],
      ['puzzle-1', 'One day, Xiao Ming a', undefined],
    ]);
    const unnamed = await importBenchmarkFiles([runs('runs.jsonl')], {}, FILE_READERS);
    expect(unnamed).toMatchObject({ ok: false, needs: ['player'] });
    const named = imported(await importBenchmarkFiles([runs('runs.jsonl')], { player: 'glm-4', judge: 'gpt-3.5' }, FILE_READERS));
    expect(named.bundle.sessions[0]).toMatchObject({ id: 'glm-4/ltp/1', player: 'glm-4', judge: 'gpt-3.5' });
  });

  it('refuses a run whose stories are not the given workbook’s rows, naming the sample and the row', async () => {
    const shifted = runsJsonl().replace('"index": 0, "error"', '"index": 5, "error"').replace('"output": {"index": 0,', '"output": {"index": 5,');
    const result = await importBenchmarkFiles([{ name: `${RUN}/runs.jsonl`, text: shifted }, DEV_XLSX], {}, FILE_READERS);
    expect(result).toMatchObject({
      ok: false,
      errors: [
        {
          file: `${RUN}/runs.jsonl`,
          line: 3,
          message: expect.stringContaining("sample 5's story is not row 7 of data/lateralthinkingpuzzle/dev.xlsx") as string,
        },
      ],
    });
  });

  it('reads the workbook alone as a puzzle list with the answer keys as key clues', async () => {
    expect(benchmarkOf([DEV_XLSX])?.system).toBe('puzzle sheet');
    const study = imported(await importBenchmarkFiles([DEV_XLSX], {}, FILE_READERS));
    expect(study.layouts[0]?.layout).toContain('AgentBench lateral-thinking puzzles');
    expect(study.bundle.sessions).toEqual([]);
    expect(study.bundle.puzzles).toHaveLength(20);
    expect(study.bundle.puzzles.every((p) => (p.keyClues?.length ?? 0) > 0)).toBe(true);
    expect(leftoverCount(study, 'column "Story keys"')).toBe(20);
  });
});
