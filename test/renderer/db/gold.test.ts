// setGoldLabel, clearGoldLabel, undoGoldChange, loadGoldLabels and loadGoldHistory against
// fake-indexeddb: gold rows per study, task and unit; every set, replacement, clear and undo
// audited with the label it replaced and read back as the unit's history; gold sets on questions;
// every refusal (unit, task, value, set, study, pack copy, an undo overtaken by a later change) a
// RangeError that leaves the database unchanged.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, GoldLabel } from '../../../shared/domain/model';
import type { StudioDatabase } from '../../../renderer/db/database';
import { clearGoldLabel, loadGoldHistory, loadGoldLabels, setGoldLabel, undoGoldChange, type GoldAuditDetail } from '../../../renderer/db/gold';
import { importStudies } from '../../../renderer/db/import-study';
import { closeDatabases, demoStudy, dumpTables, freshDatabase, NOW, rangeRefusal } from './db-fixtures';

afterEach(closeDatabases);

const LATER = '2026-11-23T08:00:00.000Z';
const DEMO = 'demo-study';
const QUESTION = 's-coffee-orca/1';
const FINAL = 's-coffee-orca/10';
const PUZZLE = 'p-cold-coffee';

const gold = (
  unitId: string,
  task: GoldLabel['task'],
  value: GoldLabel['value'],
  extra: { note?: string; by?: string; basis?: string[]; now?: string } = {},
) => ({
  studyId: DEMO,
  task,
  unitId,
  value,
  note: extra.note ?? '',
  by: extra.by ?? 'Lead',
  basis: extra.basis ?? ['human:ann-1=no', 'human:ann-2=irrelevant', 'judge:arbiter-large=irrelevant'],
  now: extra.now ?? NOW,
});

async function goldAudit(db: StudioDatabase): Promise<Array<Omit<AuditEntry, 'id' | 'detail'> & { detail: GoldAuditDetail }>> {
  const entries = await db.audit.toArray();
  return entries
    .filter((entry) => entry.kind.startsWith('gold:'))
    .map(({ studyId, at, kind, detail }) => ({ studyId, at, kind, detail: JSON.parse(detail) as GoldAuditDetail }));
}

describe('gold labels', () => {
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [demoStudy()]);
  });

  it('sets a gold label on each kind of unit and audits each one', async () => {
    await setGoldLabel(db, gold(QUESTION, 'answer', 'no', { note: 'the story says so' }));
    await setGoldLabel(db, gold(FINAL, 'match', 'matched'));
    await setGoldLabel(db, gold(PUZZLE, 'difficulty', 4, { basis: ['human:ann-1=3', 'human:ann-2=5'] }));

    expect(await loadGoldLabels(db, DEMO)).toEqual([
      {
        studyId: DEMO,
        task: 'answer',
        unitId: QUESTION,
        value: 'no',
        note: 'the story says so',
        by: 'Lead',
        at: NOW,
        basis: ['human:ann-1=no', 'human:ann-2=irrelevant', 'judge:arbiter-large=irrelevant'],
      },
      { studyId: DEMO, task: 'difficulty', unitId: PUZZLE, value: 4, note: '', by: 'Lead', at: NOW, basis: ['human:ann-1=3', 'human:ann-2=5'] },
      {
        studyId: DEMO,
        task: 'match',
        unitId: FINAL,
        value: 'matched',
        note: '',
        by: 'Lead',
        at: NOW,
        basis: ['human:ann-1=no', 'human:ann-2=irrelevant', 'judge:arbiter-large=irrelevant'],
      },
    ]);
    const audit = await goldAudit(db);
    expect(
      audit.map((entry) => [entry.kind, entry.at, entry.studyId, entry.detail.task, entry.detail.unit, entry.detail.old, entry.detail.new?.value]),
    ).toEqual([
      ['gold:set', NOW, DEMO, 'answer', QUESTION, null, 'no'],
      ['gold:set', NOW, DEMO, 'match', FINAL, null, 'matched'],
      ['gold:set', NOW, DEMO, 'difficulty', PUZZLE, null, 4],
    ]);
    expect(audit[0]?.detail).toEqual({
      task: 'answer',
      unit: QUESTION,
      old: null,
      new: {
        value: 'no',
        note: 'the story says so',
        by: 'Lead',
        at: NOW,
        basis: ['human:ann-1=no', 'human:ann-2=irrelevant', 'judge:arbiter-large=irrelevant'],
      },
      by: 'Lead',
    });
  });

  it('replaces a gold label and keeps the old one in the audit entry', async () => {
    await setGoldLabel(db, gold(QUESTION, 'answer', 'no', { note: 'first look' }));
    await setGoldLabel(db, gold(QUESTION, 'answer', 'irrelevant', { note: 'on reflection', by: 'Second lead', now: LATER }));

    expect(await loadGoldLabels(db, DEMO)).toEqual([
      {
        studyId: DEMO,
        task: 'answer',
        unitId: QUESTION,
        value: 'irrelevant',
        note: 'on reflection',
        by: 'Second lead',
        at: LATER,
        basis: gold(QUESTION, 'answer', 'no').basis,
      },
    ]);
    const audit = await goldAudit(db);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toEqual({
      studyId: DEMO,
      at: LATER,
      kind: 'gold:set',
      detail: {
        task: 'answer',
        unit: QUESTION,
        old: { value: 'no', note: 'first look', by: 'Lead', at: NOW, basis: gold(QUESTION, 'answer', 'no').basis },
        new: { value: 'irrelevant', note: 'on reflection', by: 'Second lead', at: LATER, basis: gold(QUESTION, 'answer', 'no').basis },
        by: 'Second lead',
      },
    });
  });

  it('changes nothing when the same decision is set again', async () => {
    await setGoldLabel(db, gold(QUESTION, 'answer', 'no'));
    const before = await dumpTables(db);
    await setGoldLabel(db, gold(QUESTION, 'answer', 'no', { now: LATER }));
    expect(await dumpTables(db)).toEqual(before);
  });

  it('clears a gold label, audited with the label it removed, and returns what it removed', async () => {
    const set = await setGoldLabel(db, gold(FINAL, 'match', 'unmatched', { note: 'too vague' }));
    expect(await clearGoldLabel(db, DEMO, 'match', FINAL, { by: 'Lead', now: LATER })).toEqual({ changed: true, before: set.after, after: undefined });
    expect(await loadGoldLabels(db, DEMO)).toEqual([]);
    const audit = await goldAudit(db);
    expect(audit[1]).toEqual({
      studyId: DEMO,
      at: LATER,
      kind: 'gold:clear',
      detail: {
        task: 'match',
        unit: FINAL,
        old: { value: 'unmatched', note: 'too vague', by: 'Lead', at: NOW, basis: gold(FINAL, 'match', 'unmatched').basis },
        new: null,
        by: 'Lead',
      },
    });

    const before = await dumpTables(db);
    expect(await clearGoldLabel(db, DEMO, 'match', FINAL, { by: 'Lead', now: LATER })).toEqual({ changed: false, before: undefined, after: undefined });
    expect(await dumpTables(db)).toEqual(before);
  });

  it('undoes a replacement by putting the earlier gold label back exactly, audited as an undo', async () => {
    const first = await setGoldLabel(db, gold(QUESTION, 'answer', 'no', { note: 'first look', by: 'First lead' }));
    const second = await setGoldLabel(db, gold(QUESTION, 'answer', 'irrelevant', { note: 'on reflection', now: LATER }));
    expect(second).toMatchObject({ changed: true, before: first.after });

    const UNDONE = '2026-11-23T09:00:00.000Z';
    await undoGoldChange(db, { ...second, studyId: DEMO, task: 'answer', unitId: QUESTION }, { by: 'Lead', now: UNDONE });
    // Value, note, author, time and basis: the first decision as it was stored.
    expect(await loadGoldLabels(db, DEMO)).toEqual([first.after]);
    const audit = await goldAudit(db);
    expect(audit[2]).toEqual({
      studyId: DEMO,
      at: UNDONE,
      kind: 'gold:undo',
      detail: {
        task: 'answer',
        unit: QUESTION,
        old: { value: 'irrelevant', note: 'on reflection', by: 'Lead', at: LATER, basis: second.after?.basis },
        new: { value: 'no', note: 'first look', by: 'First lead', at: NOW, basis: first.after?.basis },
        by: 'Lead',
      },
    });

    // Undoing the first set leaves no gold label.
    await undoGoldChange(db, { ...first, studyId: DEMO, task: 'answer', unitId: QUESTION }, { by: 'Lead', now: UNDONE });
    expect(await loadGoldLabels(db, DEMO)).toEqual([]);
  });

  it('refuses an undo once the gold label has changed since', async () => {
    const first = await setGoldLabel(db, gold(FINAL, 'match', 'matched'));
    await setGoldLabel(db, gold(FINAL, 'match', 'unmatched', { by: 'Another window', now: LATER }));
    expect(await rangeRefusal(db, () => undoGoldChange(db, { ...first, studyId: DEMO, task: 'match', unitId: FINAL }, { by: 'Lead' }))).toBe(
      `the gold label of unit "${FINAL}" has changed since; undo it by hand`,
    );
  });

  it('lists the gold history of one unit and task, oldest first', async () => {
    const set = await setGoldLabel(db, gold(FINAL, 'match', 'matched', { note: 'names the cause' }));
    // QUESTION's id is the start of FINAL's: each unit lists only its own changes.
    await setGoldLabel(db, gold(QUESTION, 'answer', 'no'));
    await setGoldLabel(db, gold(QUESTION, 'answer', 'yes', { now: LATER }));
    const replaced = await setGoldLabel(db, gold(FINAL, 'match', 'unmatched', { note: 'too vague', by: 'Second lead', now: LATER }));
    await undoGoldChange(db, { ...replaced, studyId: DEMO, task: 'match', unitId: FINAL }, { by: 'Lead', now: LATER });
    await clearGoldLabel(db, DEMO, 'match', FINAL, { by: 'Lead', now: LATER });

    const history = await loadGoldHistory(db, DEMO, 'match', FINAL);
    expect(history.map(({ kind, at, by, old, new: after }) => [kind, at, by, old?.value ?? null, after?.value ?? null, after?.note ?? null])).toEqual([
      ['set', NOW, 'Lead', null, 'matched', 'names the cause'],
      ['set', LATER, 'Second lead', 'matched', 'unmatched', 'too vague'],
      ['undo', LATER, 'Lead', 'unmatched', 'matched', 'names the cause'],
      ['clear', LATER, 'Lead', 'matched', null, null],
    ]);
    expect(history[0]?.new).toEqual({ value: 'matched', note: 'names the cause', by: 'Lead', at: NOW, basis: set.after?.basis });
    expect((await loadGoldHistory(db, DEMO, 'answer', QUESTION)).map((entry) => entry.new?.value)).toEqual(['no', 'yes']);
    expect(await loadGoldHistory(db, DEMO, 'answer', 's-coffee-orca/')).toEqual([]);
  });

  it('sets a gold set on a question, replaces it by a single value and undoes back to the set, each in the history', async () => {
    const set = await setGoldLabel(db, { ...gold(QUESTION, 'answer', 'no'), acceptable: ['no', 'irrelevant'] });
    expect(set.after).toMatchObject({ value: 'no', acceptable: ['no', 'irrelevant'] });
    expect((await setGoldLabel(db, { ...gold(QUESTION, 'answer', 'no'), acceptable: ['no', 'irrelevant'] })).changed).toBe(false);
    expect((await setGoldLabel(db, { ...gold(QUESTION, 'answer', 'no'), acceptable: ['no', 'yes'] })).changed).toBe(true);
    const single = await setGoldLabel(db, gold(QUESTION, 'answer', 'no', { now: LATER }));
    expect(single.after).not.toHaveProperty('acceptable');
    await undoGoldChange(db, { ...single, studyId: DEMO, task: 'answer', unitId: QUESTION }, { by: 'Lead', now: LATER });
    expect(await loadGoldLabels(db, DEMO)).toMatchObject([{ value: 'no', acceptable: ['no', 'yes'] }]);
    const history = await loadGoldHistory(db, DEMO, 'answer', QUESTION);
    expect(history.map((entry) => [entry.kind, entry.old?.acceptable ?? null, entry.new?.acceptable ?? null])).toEqual([
      ['set', null, ['no', 'irrelevant']],
      ['set', ['no', 'irrelevant'], ['no', 'yes']],
      ['set', ['no', 'yes'], null],
      ['undo', null, ['no', 'yes']],
    ]);
  });

  it('keeps the gold labels of each study apart', async () => {
    const other = demoStudy();
    other.study = { ...other.study, id: 'other', name: 'Other' };
    for (const list of [other.puzzles, other.sessions, other.turns]) for (const record of list) record.studyId = 'other';
    await importStudies(db, [other]);
    await setGoldLabel(db, gold(QUESTION, 'answer', 'yes'));
    await setGoldLabel(db, { ...gold(QUESTION, 'answer', 'no'), studyId: 'other' });
    expect((await loadGoldLabels(db, DEMO)).map((row) => row.value)).toEqual(['yes']);
    expect((await loadGoldLabels(db, 'other')).map((row) => row.value)).toEqual(['no']);
  });

  describe('refusals', () => {
    it('refuses a unit the study lacks or that does not take the task', async () => {
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold('s-nowhere/1', 'answer', 'yes')))).toBe(
        'unit "s-nowhere/1" is not in the study "Demo study: original situation puzzles"; an answer gold label needs a question turn',
      );
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(FINAL, 'answer', 'yes')))).toBe(
        `unit "${FINAL}" is a final turn; an answer gold label needs a question turn`,
      );
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(QUESTION, 'match', 'matched')))).toBe(
        `unit "${QUESTION}" is a question turn; a match gold label needs a final turn`,
      );
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(QUESTION, 'difficulty', 3)))).toBe(
        `unit "${QUESTION}" is a question turn; a difficulty gold label needs a puzzle`,
      );
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(PUZZLE, 'answer', 'yes')))).toBe(
        `unit "${PUZZLE}" is a puzzle; an answer gold label needs a question turn`,
      );
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(QUESTION, 'verdict' as never, 'yes')))).toBe(
        'unknown task "verdict"; expected answer, match or difficulty',
      );
    });

    it('refuses a value outside the study scheme', async () => {
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(QUESTION, 'answer', 'unknown')))).toMatch(
        /^an answer gold label in the study ".+" is one of yes, no, irrelevant, not "unknown"$/,
      );
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(QUESTION, 'answer', 'Yes.' as never)))).toMatch(/not "Yes\."$/);
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(FINAL, 'match', 'yes')))).toMatch(/is one of matched, unmatched, not "yes"$/);
      for (const value of [0, 10, 4.5, '4'] as const) {
        expect(await rangeRefusal(db, () => setGoldLabel(db, gold(PUZZLE, 'difficulty', value as never)))).toBe(
          `a difficulty gold label is a whole number from 1 to 9, not ${JSON.stringify(value)}`,
        );
      }
    });

    it('refuses a gold set that is not two or more different answers of the scheme led by the value, or not on a question', async () => {
      const expected = /^a gold set is two or more different answers, the gold value "no" first, not /;
      expect(await rangeRefusal(db, () => setGoldLabel(db, { ...gold(QUESTION, 'answer', 'no'), acceptable: ['no'] }))).toMatch(expected);
      expect(await rangeRefusal(db, () => setGoldLabel(db, { ...gold(QUESTION, 'answer', 'no'), acceptable: ['no', 'no'] }))).toMatch(expected);
      expect(await rangeRefusal(db, () => setGoldLabel(db, { ...gold(QUESTION, 'answer', 'no'), acceptable: ['yes', 'no'] }))).toBe(
        'a gold set is two or more different answers, the gold value "no" first, not "yes", "no"',
      );
      expect(await rangeRefusal(db, () => setGoldLabel(db, { ...gold(QUESTION, 'answer', 'no'), acceptable: ['no', 'unknown'] }))).toMatch(
        /is one of yes, no, irrelevant, not "unknown"$/,
      );
      expect(await rangeRefusal(db, () => setGoldLabel(db, { ...gold(FINAL, 'match', 'matched'), acceptable: ['yes', 'no'] }))).toBe(
        'a match gold label has one value; only an answer gold label can be a set of answers',
      );
    });

    it('takes unknown as an answer when the scheme enables it', async () => {
      await db.studies.update(DEMO, { scheme: { answerUnknown: true } });
      await setGoldLabel(db, gold(QUESTION, 'answer', 'unknown'));
      expect((await loadGoldLabels(db, DEMO)).map((row) => row.value)).toEqual(['unknown']);
    });

    it('refuses a decision without the name of who made it', async () => {
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(QUESTION, 'answer', 'no', { by: '  ' })))).toBe(
        'a gold label needs the name of who adjudicated it',
      );
    });

    it('refuses a study that is not in the library', async () => {
      expect(await rangeRefusal(db, () => setGoldLabel(db, { ...gold(QUESTION, 'answer', 'no'), studyId: 'missing' }))).toBe(
        'the study "missing" is not in the library',
      );
      expect(await rangeRefusal(db, () => clearGoldLabel(db, 'missing', 'answer', QUESTION, { by: 'Lead' }))).toBe('the study "missing" is not in the library');
    });

    it('refuses to adjudicate in a study opened from a pack', async () => {
      await setGoldLabel(db, gold(QUESTION, 'answer', 'no'));
      await db.studies.update(DEMO, { origin: { kind: 'pack', annotator: { id: 'ann-1', name: 'Ann' }, packs: ['abc'] } });
      const expected = /^the study ".+" was opened from a pack for Ann; only the lead's own study takes gold labels$/;
      expect(await rangeRefusal(db, () => setGoldLabel(db, gold(QUESTION, 'answer', 'yes')))).toMatch(expected);
      expect(await rangeRefusal(db, () => clearGoldLabel(db, DEMO, 'answer', QUESTION, { by: 'Ann' }))).toMatch(expected);
    });
  });
});
