// The bias checks of the report (issue 31 point 3), on seeded studies built with a known effect: a
// judge that says yes 20 points more often than people, one lenient only to its own model family,
// one lenient to final answers stated with certainty, and studies with none, where every verdict is
// "no clear effect". Each figure is held against a plain count over the units.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../../shared/report/build-report';
import type { AgreementReport, BiasCheckRow } from '../../../../shared/report/model/report-model';
import { lengthTertiles, textLength } from '../../../../shared/stats/study/bias-checks';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { BIASED_JUDGE, biasStudy, type BiasStudyOptions } from './bias-study';
import { NOW } from './study-fixtures';
import { plainMajority } from './plain-figures';

function reportOf(options: BiasStudyOptions): { report: AgreementReport; data: ReturnType<typeof biasStudy> } {
  const data = biasStudy(options);
  const report = buildReport({
    study: data.study,
    labels: data.labels,
    settings: { bootstrap: 499, seed: 5, average: 'micro' },
    inputs: [],
    app: 'test',
    now: NOW,
  });
  return { report, data };
}

function checks(report: AgreementReport): BiasCheckRow[] {
  if (report.judges === undefined) throw new Error('no Judges section');
  return report.judges.biasChecks ?? [];
}

function find(report: AgreementReport, task: 'answer' | 'match', check: BiasCheckRow['check'], figure: BiasCheckRow['figure'], bucket = 'all'): BiasCheckRow {
  const row = checks(report).find((one) => one.task === task && one.check === check && one.figure === figure && one.bucket === bucket);
  if (row === undefined) throw new Error(`no ${task} ${check} ${figure} row`);
  return row;
}

/** Per unit the judge labelled with a strict human majority: its label, the majority's, its text and its player, counted plainly. */
function comparedUnits(data: ReturnType<typeof biasStudy>, task: 'answer' | 'match') {
  const units = indexStudy(data.study, data.labels).units[task];
  const turns = new Map(data.study.turns.map((turn) => [turn.id, turn]));
  const players = new Map(data.study.sessions.map((session) => [session.id, session.player]));
  return units.flatMap((unit) => {
    const label = unit.judgements.get(BIASED_JUDGE);
    const people = plainMajority(unit.humans.map((human) => human.value));
    const turn = turns.get(unit.id);
    if (label === undefined || people === null || turn === undefined) return [];
    return [{ label, people, text: turn.text, player: players.get(turn.sessionId) ?? '' }];
  });
}

const rate = (units: readonly unknown[], count: number) => count / units.length;

describe('the yes-rate check', () => {
  const { report, data } = reportOf({ seed: 1, puzzles: 150, yesPoints: 0.2 });

  it('finds a judge that says yes about 20 points more often than people, on questions and on final answers', () => {
    for (const task of ['answer', 'match'] as const) {
      const row = find(report, task, 'yes-rate', 'leniency');
      expect(row.effect).toBe(true);
      expect(row.value).toBeGreaterThan(0.14);
      expect(row.value).toBeLessThan(0.26);
      expect(row.ci95?.[0]).toBeGreaterThan(0);
      expect(row.verdict).toMatch(task === 'answer' ? /^says yes \d+\.\d points more often than people$/ : /^says matched \d+\.\d points more often/);
    }
  });

  it("is the judge's positive rate minus the human majority's, counted plainly", () => {
    for (const task of ['answer', 'match'] as const) {
      const positive = task === 'answer' ? 'yes' : 'matched';
      const units = comparedUnits(data, task);
      const row = find(report, task, 'yes-rate', 'leniency');
      const judgeRate = rate(units, units.filter((unit) => unit.label === positive).length);
      const peopleRate = rate(units, units.filter((unit) => unit.people === positive).length);
      expect(row.a.units).toBe(units.length);
      expect(row.a.value).toBeCloseTo(judgeRate, 12);
      expect(row.b.value).toBeCloseTo(peopleRate, 12);
      expect(row.value).toBeCloseTo(judgeRate - peopleRate, 12);
    }
  });

  it('is, on final answers, the net leniency of the table of each judge against people, interval and all', () => {
    for (const bucket of ['easy', 'medium', 'hard', 'all'] as const) {
      const row = find(report, 'match', 'yes-rate', 'leniency', bucket);
      const againstPeople = report.judges?.againstPeople.find((one) => one.task === 'match' && one.bucket === bucket && one.judge === BIASED_JUDGE);
      expect(row.value).toBeCloseTo(againstPeople?.netLeniency.value as number, 12);
      expect(row.ci95).toEqual(againstPeople?.netLeniency.ci95);
      expect(row.test.pValue).toBe(againstPeople?.leniencyTest.pValue);
    }
  });
});

describe('the own-family check', () => {
  const { report, data } = reportOf({ seed: 2, puzzles: 150, ownFamilyBoost: 0.5 });

  it('finds a judge lenient only to players of its own family', () => {
    for (const task of ['answer', 'match'] as const) {
      const row = find(report, task, 'own-family', 'leniency');
      expect(row.a.name).toBe('players of its own family (OpenAI)');
      expect(row.effect).toBe(true);
      expect(row.value).toBeGreaterThan(0.15);
      expect(row.verdict).toMatch(/^\d+\.\d points more lenient on players of its own family \(OpenAI\) than on players of other families$/);
    }
  });

  it("takes each group's leniency and agreement as plain counts give them", () => {
    const units = comparedUnits(data, 'match');
    const own = units.filter((unit) => unit.player.startsWith('gpt'));
    const others = units.filter((unit) => !unit.player.startsWith('gpt'));
    const leniency = (group: typeof units) =>
      rate(group, group.filter((u) => u.label === 'matched').length - group.filter((u) => u.people === 'matched').length);
    const agreement = (group: typeof units) => rate(group, group.filter((u) => u.label === u.people).length);
    const lenient = find(report, 'match', 'own-family', 'leniency');
    expect([lenient.a.units, lenient.b.units]).toEqual([own.length, others.length]);
    expect(lenient.value).toBeCloseTo(leniency(own) - leniency(others), 12);
    const agreeing = find(report, 'match', 'own-family', 'agreement');
    expect(agreeing.value).toBeCloseTo(agreement(own) - agreement(others), 12);
  });
});

describe("the lead's model families", () => {
  it("count a player the lead put in the judge's family as its own", () => {
    const data = biasStudy({ seed: 2, puzzles: 60 });
    const modelFamilies = { 'claude-3-5-sonnet': 'OpenAI' };
    const report = buildReport({ ...data, settings: { bootstrap: 99, seed: 5, average: 'micro', modelFamilies }, inputs: [], app: 'test', now: NOW });
    expect(report.settings.modelFamilies).toEqual(modelFamilies);
    const units = comparedUnits(data, 'match');
    const own = units.filter((unit) => unit.player.startsWith('gpt') || unit.player.startsWith('claude'));
    expect(find(report, 'match', 'own-family', 'leniency').a.units).toBe(own.length);
    expect(find(reportOf({ seed: 2, puzzles: 60 }).report, 'match', 'own-family', 'leniency').a.units).toBe(
      units.filter((unit) => unit.player.startsWith('gpt')).length,
    );
  });
});

describe('the certainty and length checks', () => {
  it('finds a judge lenient to final answers stated with certainty', () => {
    const { report } = reportOf({ seed: 3, puzzles: 150, certaintyBoost: 0.5 });
    const row = find(report, 'match', 'certainty', 'leniency');
    expect(row.effect).toBe(true);
    expect(row.value).toBeGreaterThan(0.15);
    expect(row.verdict).toMatch(/more lenient on final answers stated with certainty than on hedged final answers$/);
  });

  it('compares the long tertile of the questions with the short one, as counted plainly', () => {
    const { report, data } = reportOf({ seed: 4, puzzles: 80 });
    const tertiles = lengthTertiles(data.study.turns.filter((turn) => turn.type === 'question').map((turn) => textLength(turn.text)));
    if (tertiles === undefined) throw new Error('no tertiles');
    const units = comparedUnits(data, 'answer');
    const long = units.filter((unit) => textLength(unit.text) >= tertiles.longFrom);
    const short = units.filter((unit) => textLength(unit.text) <= tertiles.shortUpTo);
    const agreement = (group: typeof units) => rate(group, group.filter((u) => u.label === u.people).length);
    const row = find(report, 'answer', 'length', 'agreement');
    expect([row.a.units, row.b.units]).toEqual([long.length, short.length]);
    expect(row.value).toBeCloseTo(agreement(long) - agreement(short), 12);
    expect(row.others?.[0]?.units).toBe(units.length - long.length - short.length);
    expect(row.a.name).toBe(`long questions (${tertiles.longFrom}-${tertiles.longest} characters)`);
  });
});

describe('a judge with no bias', () => {
  it('gets "no clear effect" from every check, in three studies', () => {
    for (const seed of [11, 12, 13]) {
      const { report } = reportOf({ seed, puzzles: 150 });
      const rows = checks(report);
      // 5 buckets of yes rates, 2 figures of length and of own family per task; certainty and addressing on final answers.
      expect(rows.length).toBeGreaterThanOrEqual(2 * (4 + 4) + 2);
      for (const row of rows) {
        if (row.check === 'addresses-judge') continue;
        expect(row.effect, `${row.task} ${row.check} ${row.figure} ${row.bucket}: ${row.verdict}`).toBe(false);
        expect(row.verdict).toBe('no clear effect');
      }
    }
  });

  it('says why a check that has no unit in a group is not tested', () => {
    const { report } = reportOf({ seed: 11, puzzles: 30 });
    const row = find(report, 'match', 'addresses-judge', 'leniency');
    expect(row.test.pValue).toBeNull();
    expect(row.verdict).toBe('not tested: no unit of final answers that address the judge');
  });
});

describe('lengthTertiles and textLength', () => {
  it('keeps tied lengths together and counts characters, not UTF-16 units', () => {
    expect(lengthTertiles([1, 2, 3, 4, 5, 6])).toEqual({ shortest: 1, shortUpTo: 2, longFrom: 5, longest: 6 });
    expect(lengthTertiles([5, 5, 5, 5])).toEqual({ shortest: 5, shortUpTo: 5, longFrom: 5, longest: 5 });
    expect(lengthTertiles([1, 2])).toBeUndefined();
    expect(textLength('  海龟汤 🐢 ')).toBe(5);
  });
});
