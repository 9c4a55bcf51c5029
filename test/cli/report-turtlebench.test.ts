// Issue 14's "Done when" on real data: TurtleBench's wide tables (en, zh) imported with the
// command line, then `report --labels`: each judge scored the TurtleBench way equals the model's
// accuracy in TurtleBench's own stats CSV at its printed precision, the three-way agreement stands
// beside it, and `--unparseable disagreement` changes the R table as an independent count says.

import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../shared/formats/csv';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { runCli, scratchDir } from './run-cli';

const real = 'test/fixtures/real/TurtleBench';
const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** TurtleBench's verdict words (en Correct/Incorrect/Unknown, zh T/F/N) as our answer labels; Invalid is no label. */
const LABEL: Readonly<Record<string, string>> = { Correct: 'yes', Incorrect: 'no', Unknown: 'irrelevant', T: 'yes', F: 'no', N: 'irrelevant' };
const NOT_A_MODEL = new Set(['sample', 'story_title', 'input', 'ground_truth']);

describe.each(['en', 'zh'])('report on TurtleBench imported with the command line (%s)', (language) => {
  const table = `${real}/archived/stats/all_cases_${language}_shot0.json`;
  const bundle = join(dir, `tb-${language}.json`);
  const labels = join(dir, `tb-${language}.turtlebench-human.labels.json`);
  const cases = Object.values(JSON.parse(readFileSync(table, 'utf8')) as Record<string, Record<string, string>>);
  const models = Object.keys(cases[0] ?? {}).filter((key) => !NOT_A_MODEL.has(key));

  /** Straight from the source table: per model, guesses whose verdict is the human's, and Invalid verdicts. */
  function counted(model: string): { agreements: number; invalid: number } {
    let agreements = 0;
    let invalid = 0;
    for (const row of cases) {
      const judge = row[model] ?? '';
      if (LABEL[judge] === undefined) invalid++;
      else if (LABEL[judge] === LABEL[row.ground_truth ?? '']) agreements++;
    }
    return { agreements, invalid };
  }

  async function report(...options: string[]): Promise<AgreementReport> {
    const run = await runCli('report', '--transcripts', bundle, '--labels', labels, '--bootstrap', '0', ...options);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as AgreementReport;
  }

  function judgeVsHuman(built: AgreementReport, model: string) {
    return built.tables.answer.find((row) => row.bucket === 'all' && row.a === `judge:${model}` && row.b === 'human');
  }

  beforeAll(async () => {
    const run = await runCli('import', table, `${real}/data/${language}/stories.json`, '--out', bundle);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it("scores each judge the TurtleBench way as TurtleBench's stats CSV prints it, with the three-way agreement beside it", async () => {
    const built = await report();
    const csv = readCsv(readFileSync(`${real}/archived/stats/stats_shot0_20240929_003645.csv`, 'utf8'));
    if (!csv.ok) throw new Error(csv.message);
    const rows = csv.rows.filter((row) => row[1] === language);
    expect(rows).toHaveLength(9);
    expect(built.turtleBench?.annotator).toBe('turtlebench-human');
    expect(built.turtleBench?.judges.map((row) => row.judge).sort()).toEqual(rows.map((row) => row[0]).sort());
    for (const [model = '', , , total = '', correct = '', accuracy = ''] of rows) {
      const scored = built.turtleBench?.judges.find((row) => row.judge === model);
      const printed = accuracy.split('.')[1]?.length ?? 0;
      expect({ model, n: scored?.n, correct: scored?.correct, accuracy: scored?.accuracy?.toFixed(printed) }).toEqual({
        model,
        n: Number(total),
        correct: Number(correct),
        accuracy,
      });
      // Three-way: the same label, an Invalid verdict wrong, over the same 1,532 guesses.
      expect({ model, agreements: scored?.agreements }).toEqual({ model, agreements: counted(model).agreements });
      expect(scored?.agreement).toBe(counted(model).agreements / Number(total));
    }
    if (language === 'en') expect(built.turtleBench?.judges.find((row) => row.judge === 'GPT_4o')).toMatchObject({ agreements: 839, n: 1532 });
  });

  it('leaves Invalid verdicts out of the R table by default, and counts them as disagreements with --unparseable disagreement', async () => {
    const leftOut = await report();
    const disagreement = await report('--unparseable', 'disagreement');
    expect(leftOut.settings.unparseable).toBe('left-out');
    expect(disagreement.settings.unparseable).toBe('disagreement');
    const invalid = models.filter((model) => counted(model).invalid > 0);
    expect(invalid.length).toBeGreaterThan(0);
    for (const model of models) {
      const { agreements, invalid: unread } = counted(model);
      const before = judgeVsHuman(leftOut, model);
      const after = judgeVsHuman(disagreement, model);
      expect({ model, n: before?.n, agreements: Math.round((before?.agreement ?? 0) * (before?.n ?? 0)) }).toEqual({
        model,
        n: cases.length - unread,
        agreements,
      });
      expect({ model, n: after?.n, agreement: after?.agreement }).toEqual({ model, n: cases.length, agreement: agreements / cases.length });
    }
    // TurtleBench's own scoring does not depend on the setting.
    expect(disagreement.turtleBench).toEqual(leftOut.turtleBench);
    expect(disagreement.unparseableJudgeReplies).toEqual(leftOut.unparseableJudgeReplies);
  });

  it('states the choice and the count in the Markdown, with the TurtleBench table under R', async () => {
    const run = await runCli('report', '--transcripts', bundle, '--labels', labels, '--bootstrap', '0', '--format', 'md', '--unparseable', 'disagreement');
    expect(run.code).toBe(0);
    const total = models.reduce((sum, model) => sum + counted(model).invalid, 0);
    expect(run.stdout).toContain(`unparseable judge replies counted as disagreements (${total})`);
    expect(run.stdout).toContain('could not be read and count as a disagreement with every human label');
    expect(run.stdout).toContain('## R: judges scored the TurtleBench way');
  });
  it('has the Judges section: per-judge precision, recall, F1 and leniency as a direct count says, and an Alt-Test refused for one annotator', async () => {
    const built = await report();
    const judges = built.judges;
    expect(
      judges?.againstPeople
        .filter((row) => row.bucket === 'all')
        .map((row) => row.judge)
        .sort(),
    ).toEqual([...models].sort());
    for (const model of models) {
      // Straight from the source table, Invalid verdicts left out as by default.
      let saidYes = 0;
      let rightYes = 0;
      let peopleNo = 0;
      let lenient = 0;
      for (const row of cases) {
        const judge = LABEL[row[model] ?? ''];
        const human = LABEL[row.ground_truth ?? ''];
        if (judge === undefined || human === undefined) continue;
        if (judge === 'yes') saidYes++;
        if (judge === 'yes' && human === 'yes') rightYes++;
        if (human === 'no') peopleNo++;
        if (judge === 'yes' && human === 'no') lenient++;
      }
      const all = judges?.againstPeople.find((row) => row.task === 'answer' && row.judge === model && row.bucket === 'all');
      const yes = all?.classification.perLabel.find((score) => score.label === 'yes');
      expect({ model, precision: yes?.precision.value, lenient: all?.errors.lenient, leniency: all?.errors.leniencyRate.value }).toEqual({
        model,
        precision: rightYes / saidYes,
        lenient,
        leniency: lenient / peopleNo,
      });
      expect(yes?.recall.value).not.toBeNull();
      expect(all?.classification.macro.f1.value).not.toBeNull();
      const alt = judges?.altTest.find((row) => row.task === 'answer' && row.judge === model);
      expect(alt?.passed).toBeNull();
      expect(alt?.reason).toContain('needs at least 3 annotators and this has one');
    }
    const md = await runCli('report', '--transcripts', bundle, '--labels', labels, '--bootstrap', '0', '--format', 'md');
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('## Judges');
    expect(md.stdout).toContain('### R: each judge against the human majority');
    expect(md.stdout).toContain('### R: which way each judge errs');
    expect(md.stdout).toContain('### R: each judge per label');
    expect(md.stdout).toContain('needs at least 3 annotators and this has one');
    const gpt = judges?.againstPeople.find((row) => row.task === 'answer' && row.judge === 'GPT_4o' && row.bucket === 'all');
    const leniency = `${((gpt?.errors.leniencyRate.value ?? 0) * 100).toFixed(1)} (${gpt?.errors.lenient}/${gpt?.errors.peopleNegative})`;
    expect(md.stdout.split('\n').some((line) => line.startsWith('| GPT\\_4o | All |') && line.includes(leniency))).toBe(true);
    const yes = gpt?.classification.perLabel.find((score) => score.label === 'yes');
    const percent = (value: number | null | undefined) => ((value ?? 0) * 100).toFixed(1);
    expect(md.stdout).toContain(
      `| GPT\\_4o | yes | ${yes?.support} | ${percent(yes?.precision.value)} | ${percent(yes?.recall.value)} | ${percent(yes?.f1.value)} |`,
    );
  });
});

describe('report --unparseable', () => {
  it('takes left-out or disagreement and names them when given anything else', async () => {
    const run = await runCli('report', '--transcripts', 'x.json', '--labels', 'y.json', '--unparseable', 'ignore');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--unparseable takes left-out or disagreement, not "ignore"');
  });
});
