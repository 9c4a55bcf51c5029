// The worker's two-step benchmark import against fake-indexeddb (issue 14 points 1, 3, 4): the
// preview writes nothing, commit stores the study exactly as importing its bundle file would plus
// the human rater's labels, cancel drops what was held, a file without a judge's name waits for
// one unless no judge labelled it (AR-Bench's logs too, whose questions the judge called no question
// and finals without a verdict store as they are), a benchmark's judge prompt is stored as a prompt
// version with the study, in the same transaction, and a study mapped by a preset is stored at once,
// each rater's column as its labels (issue 26).

import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeBundleDocument } from '../../../shared/formats/importers/imported-study';
import { importBenchmarkFiles } from '../../../shared/formats/importers/benchmark-import';
import { applyMapping } from '../../../shared/formats/importers/mapping';
import { MAPPING_FORMAT } from '../../../shared/formats/importers/mapping-preset';
import { readRecords } from '../../../shared/formats/importers/mapping-records';
import { leftOutText } from '../../../shared/formats/importers/import-preview';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { BenchmarkImports } from '../../../renderer/workers/benchmark-imports';
import type { ImportStart } from '../../../renderer/workers/import-protocol';
import { closeDatabases, databaseWith, dumpTables, freshDatabase, NOW } from '../db/db-fixtures';
import { interceptWrites } from '../db/middleware-fixtures';
import { listPromptVersions } from '../../../renderer/db/prompt-versions';
import { promptHash } from '../../../shared/judge-run/prompts';
import { runSplat, sampleRun, SETTINGS, SHEET } from '../../shared/formats/importers/splat-run';
import { FILE_READERS } from '../../../cli/support/file-readers';
import { totFiles, zeroShotLog } from '../../shared/formats/importers/arbench-sp-log';

afterEach(closeDatabases);

const REAL = fileURLToPath(new URL('../../fixtures/real/', import.meta.url));
const real = (path: string, name = path) => ({ name, text: readFileSync(`${REAL}${path}`, 'utf8') });
const WIDE = [real('TurtleBench/archived/stats/all_cases_en_shot0.json', 'all_cases_en_shot0.json'), real('TurtleBench/data/en/stories.json', 'stories.json')];
const HF = real('turtle-soup-lateral-thinking-game/at-4623288/data/turtle_bench1.5k_en.json', 'turtle_bench1.5k_en.json');

// One game of one puzzle: the rounds of the first scripted game of the sample run.
const sampleRunScript = {
  intro: 'Here is the story.',
  rounds: [
    { player: 'Is he short?', judge: ['Yes.', 'Yes.', 'Yes.'] },
    { player: 'He cannot reach the button.', judge: ['Congratulations!', 'Congratulations!', 'No.'] },
  ],
};

function requestOf(start: ImportStart | undefined): string {
  if (start === undefined || !('requestId' in start)) throw new Error(`expected a held import: ${JSON.stringify(start)?.slice(0, 300)}`);
  return start.requestId;
}

describe('BenchmarkImports', () => {
  it('previews the wide table without writing, then stores it as its bundle file would, with the human labels', async () => {
    const db = freshDatabase();
    const imports = new BenchmarkImports('agreement-studio test', () => NOW, FILE_READERS);
    const empty = await dumpTables(db);
    const start = await imports.start(WIDE);
    if (start === undefined || !('preview' in start)) throw new Error('expected a preview');
    expect(start.preview.grouping).toBe('2 files as one study: the stories with the judged guesses');
    expect(start.preview.counts).toEqual({ puzzles: 32, sessions: 32, turns: 1532, questions: 1532, finals: 0, judges: 9, raters: 1, humanLabels: 1532 });
    expect(start.preview.unparseable.reduce((sum, row) => sum + row.count, 0)).toBe(8);
    expect(start.preview.leftovers.length).toBeGreaterThan(0);
    expect(await dumpTables(db)).toEqual(empty);

    const outcome = await imports.commit(db, start.requestId, () => undefined);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.studies[0]?.notes).toEqual([
      'TurtleBench: 2 files as one study: the stories with the judged guesses',
      '1,532 human labels by one rater',
      '8 judge replies that could not be read, kept as written',
      `left out: ${leftOutText(start.preview.leftovers) ?? ''}, as listed before the import`,
    ]);
    // Items, not groups of them: the total is every value and record of every group.
    const items = start.preview.leftovers.reduce((sum, item) => sum + item.count, 0);
    expect(items).toBeGreaterThan(start.preview.leftovers.length);
    expect((leftOutText(start.preview.leftovers) ?? '').split(/, | and /).reduce((sum, part) => sum + Number(part.split(' ')[0]?.replaceAll(',', '')), 0)).toBe(
      items,
    );

    const imported = await importBenchmarkFiles(WIDE, {}, FILE_READERS);
    if (imported?.ok !== true) throw new Error('expected the files to import');
    const asFile = parseTranscriptBundle({ name: 'all_cases_en_shot0.json', text: serializeBundleDocument(imported.value.bundle) }, { now: NOW });
    if (!asFile.ok) throw new Error('expected the bundle to parse');
    const studyId = asFile.value.study.id;
    expect(await db.studies.get(studyId)).toEqual({ ...asFile.value.study, sourceFiles: ['all_cases_en_shot0.json', 'stories.json'] });
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect((await db.turns.where('studyId').equals(studyId).toArray()).sort(byId)).toEqual([...asFile.value.turns].sort(byId));
    expect((await db.puzzles.where('studyId').equals(studyId).toArray()).sort(byId)).toEqual([...asFile.value.puzzles].sort(byId));
    expect(await db.annotators.toArray()).toEqual([{ studyId, id: 'turtlebench-human', name: 'TurtleBench human label' }]);
    expect(await db.labels.where('studyId').equals(studyId).count()).toBe(1532);
    expect((await db.labels.toArray()).every((label) => label.annotatorId === 'turtlebench-human' && label.task === 'answer' && label.rev === 1)).toBe(true);
  });

  it('cancel drops the held import: committing it afterwards writes nothing', async () => {
    const db = freshDatabase();
    const imports = new BenchmarkImports('agreement-studio test', () => NOW, FILE_READERS);
    const empty = await dumpTables(db);
    const requestId = requestOf(await imports.start(WIDE));
    imports.cancel(requestId);
    const outcome = await imports.commit(db, requestId, () => undefined);
    expect(outcome.ok).toBe(false);
    expect(await dumpTables(db)).toEqual(empty);
  });

  it('refuses the same files a second time, naming the study already there, and writes nothing more', async () => {
    const db = freshDatabase();
    const imports = new BenchmarkImports('agreement-studio test', () => NOW, FILE_READERS);
    const first = await imports.commit(db, requestOf(await imports.start(WIDE)), () => undefined);
    expect(first.ok).toBe(true);
    const before = await dumpTables(db);
    const again = await imports.commit(db, requestOf(await imports.start(WIDE)), () => undefined);
    expect(again).toMatchObject({
      ok: false,
      errors: [{ file: 'all_cases_en_shot0.json, stories.json', message: expect.stringContaining('is already in the library') }],
    });
    expect(await dumpTables(db)).toEqual(before);
  });

  it('the 1.5k file, judged by no model, asks for no judge name and previews its guesses (the human label only) with nothing left out', async () => {
    const imports = new BenchmarkImports('agreement-studio test', () => NOW, FILE_READERS);
    const start = await imports.start([HF]);
    if (start === undefined || !('preview' in start)) throw new Error(JSON.stringify(start));
    expect(start.preview).toMatchObject({ grouping: 'one file', counts: { turns: 1532, judges: 0, humanLabels: 1532 }, leftovers: [], unparseable: [] });
  });

  it("stores SPLAT's judge prompt as a prompt version with the study, and judge_times on it; once per text, numbered when the name is taken", async () => {
    const db = freshDatabase();
    const imports = new BenchmarkImports('agreement-studio test', () => NOW, FILE_READERS);
    const run = sampleRun();
    const files = [
      { name: 'log.json', text: run.logJson },
      { name: 'config.yaml', text: run.configYaml },
    ];
    const start = await imports.start(files);
    if (start === undefined || !('preview' in start)) throw new Error(JSON.stringify(start));
    expect(start.preview.prompts.map((prompt) => [prompt.name, prompt.source])).toEqual([
      ['SPLAT judge (config.yaml)', 'config.yaml: prompt.prompt_judge_init'],
    ]);
    expect(start.preview.judgeSamples).toEqual([{ judge: SETTINGS.judge, samples: 3, source: 'config.yaml: game.judge_times' }]);
    expect(await db.promptVersions.count()).toBe(0);
    const outcome = await imports.commit(db, start.requestId, () => undefined);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.studies[0]?.notes).toContain('judge prompts kept as prompt versions (Judges page): SPLAT judge (config.yaml)');
    const studyId = outcome.studies[0]?.id ?? '';
    const study = await db.studies.get(studyId);
    expect(study?.judgeSamples).toEqual(start.preview.judgeSamples);
    const [version] = await db.promptVersions.toArray();
    const imported = await importBenchmarkFiles(files, {}, FILE_READERS);
    const prompt = imported?.ok === true ? imported.value.bundle.judgePrompts?.[0] : undefined;
    expect(version).toEqual({
      name: 'SPLAT judge (config.yaml)',
      question: prompt?.question,
      final: prompt?.final,
      hash: promptHash({ question: prompt?.question ?? '', final: prompt?.final ?? '' }),
      basedOn: 'config.yaml: prompt.prompt_judge_init',
      createdAt: expect.any(String) as unknown,
      importedWith: { studyId, studyName: study?.name },
      note: prompt?.note,
    });
    expect((await listPromptVersions(db)).map((entry) => entry.name)).toContain('SPLAT judge (config.yaml)');

    // Another run with the same config.yaml: the same version, not a second one.
    const rerun = runSplat({ ...SETTINGS, gameTimes: 1 }, SHEET.slice(0, 1), () => sampleRunScript);
    const same = await imports.commit(db, requestOf(await imports.start([{ name: 'log.json', text: rerun.logJson }, files[1]!])), () => undefined);
    expect(same.ok).toBe(true);
    expect(await db.promptVersions.count()).toBe(1);
    // Another judge prompt under the same name: numbered.
    const otherConfig = { name: 'config.yaml', text: run.configYaml.replace('You are the judge.', 'You are a strict judge.') };
    const other = await imports.commit(db, requestOf(await imports.start([{ name: 'log.json', text: rerun.logJson }, otherConfig])), () => undefined);
    expect(other.ok).toBe(true);
    expect((await db.promptVersions.toArray()).map((row) => row.name).sort()).toEqual(['SPLAT judge (config.yaml)', 'SPLAT judge (config.yaml) 2']);
  });

  it('stores nothing, prompt versions included, when a write after them fails', async () => {
    // The audit entry is the import's last write, after the prompt versions: refusing it must undo them too.
    const db = await databaseWith(
      [],
      interceptWrites('refuse-audit', (table, _request, write) => (table === 'audit' ? Promise.reject(new Error('disk full')) : write())),
    );
    const imports = new BenchmarkImports('agreement-studio test', () => NOW, FILE_READERS);
    const run = sampleRun();
    const files = [
      { name: 'log.json', text: run.logJson },
      { name: 'config.yaml', text: run.configYaml },
    ];
    const before = await dumpTables(db);
    const outcome = await imports.commit(db, requestOf(await imports.start(files)), () => undefined);
    expect(outcome.ok).toBe(false);
    expect(await dumpTables(db)).toEqual(before);
    expect(await db.promptVersions.count()).toBe(0);
  });

  it('AR-Bench logs wait for the judge, which no file names, then store their questions and verdict-less finals', async () => {
    const db = freshDatabase();
    const imports = new BenchmarkImports('agreement-studio test', () => NOW, FILE_READERS);
    const { log, tree } = totFiles();
    const start = await imports.start([
      { name: 'log_zero_shot_gpt-4o-mini.json', text: zeroShotLog() },
      { name: 'log_tot_gpt-4o.json', text: log },
      { name: 'log_tot_gpt-4o_tree.json', text: tree },
    ]);
    expect(start).toMatchObject({ needs: ['judge'] });
    const named = await imports.name(requestOf(start), { judge: 'qwen2.5-32b-instruct' });
    if (!('preview' in named)) throw new Error(JSON.stringify(named));
    expect(named.preview).toMatchObject({ counts: { puzzles: 2, sessions: 3, turns: 11, judges: 1 } });
    const outcome = await imports.commit(db, named.requestId, () => undefined);
    expect(outcome).toMatchObject({ ok: true, studies: [{ counts: { puzzles: 2, sessions: 3, turns: 11 } }] });
  });

  it('leaves files no benchmark importer claims to the library’s own formats', async () => {
    const imports = new BenchmarkImports('agreement-studio test', () => NOW, FILE_READERS);
    expect(
      await imports.start([{ name: 'demo.json', text: readFileSync(fileURLToPath(new URL('../../../assets/demo-study.json', import.meta.url)), 'utf8') }]),
    ).toBeUndefined();
  });

  it("stores a mapped study with each rater column's labels as that annotator's, and says how it was read", async () => {
    const csv = ['pid,surface,truth,asked,Ann 1,ann-2,judge-a', 'p1,A lamp.,A lighthouse.,At sea?,1,0,1', 'p1,,,Night?,0,0,Yes'].join('\n');
    const read = await readRecords({ name: 'labelled.csv', text: csv }, {}, FILE_READERS);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const values = { question: { '1': 'yes', '0': 'no' } } as const;
    const mapped = applyMapping([read.value], {
      format: MAPPING_FORMAT,
      name: 'Labelled',
      fields: { puzzleId: 'pid', story: 'surface', reference: 'truth', question: 'asked' },
      constants: { player: 'pl' },
      raters: [{ field: 'Ann 1' }, { field: 'ann-2' }],
      judges: [{ field: 'judge-a' }],
      values: { 'Ann 1': values, 'ann-2': values, 'judge-a': values },
    });
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    const db = freshDatabase();
    const outcome = await new BenchmarkImports('agreement-studio test', () => NOW, FILE_READERS).storeMapped(
      db,
      mapped.value,
      ['labelled.csv'],
      'Labelled',
      () => undefined,
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.studies[0]?.notes).toEqual(['mapped by the preset "Labelled"', '4 human labels by 2 raters', 'nothing left out']);
    const studyId = outcome.studies[0]?.id ?? '';
    expect((await db.studies.get(studyId))?.sourceFiles).toEqual(['labelled.csv']);
    expect(await db.annotators.toArray()).toEqual([
      { studyId, id: 'Ann-1', name: 'Ann 1' },
      { studyId, id: 'ann-2', name: 'ann-2' },
    ]);
    const labels = (await db.labels.toArray()).map((label) => [label.annotatorId, label.unitId, label.task, label.value]).sort();
    expect(labels).toEqual([
      ['Ann-1', 'p1/session/1', 'answer', 'yes'],
      ['Ann-1', 'p1/session/2', 'answer', 'no'],
      ['ann-2', 'p1/session/1', 'answer', 'no'],
      ['ann-2', 'p1/session/2', 'answer', 'no'],
    ]);
    expect((await db.turns.where('studyId').equals(studyId).toArray()).map((turn) => turn.judgements).sort()).toEqual([
      { 'judge-a': 'yes' },
      { 'judge-a': 'yes' },
    ]);
  });
});
