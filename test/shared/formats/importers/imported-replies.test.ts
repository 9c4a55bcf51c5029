// An imported judge reply over the readers' 1 MB limit (issue 26 point 3), from the two sources
// whose readers take strings of any length: GameArena's SQLite users.db and a workbook mapped
// through a preset. The label is read from the whole reply; the bundle keeps it cut in the middle
// and reads back, and the leftovers (shown in the import preview) say which reply was cut and by
// how much. The same import without the cut (importGameArena alone) does not read back.

import { describe, expect, it } from 'vitest';
import { FILE_READERS } from '../../../../cli/support/file-readers';
import { EXCEL_WORKBOOK, SQLITE_DATABASE } from '../../../../shared/formats/binary-kind';
import { importBenchmarkFiles } from '../../../../shared/formats/importers/benchmark-import';
import { importGameArena } from '../../../../shared/formats/importers/game-arena';
import { CUT_REPLIES } from '../../../../shared/formats/importers/imported-replies';
import type { BenchmarkImport, ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { importMappedFiles } from '../../../../shared/formats/importers/mapping';
import { MAPPING_FORMAT, type MappingPreset } from '../../../../shared/formats/importers/mapping-preset';
import { importedStudyData } from '../../../../shared/formats/importers/stored-study';
import { INPUT_LIMITS } from '../../../../shared/formats/limits';
import { loadSqlJsInNode } from '../../../../cli/support/sql-js';
import { AkinatorPlay, gameArenaDatabase } from './game-arena-run';
import { writeWorkbook } from './workbook-writer';

const NOW = '2026-11-24T10:00:00.000Z';
const LIMIT = INPUT_LIMITS.maxStringChars;
// A person's (or a judge's) answer of 2 MB whose verdict leads it.
const LONG_ANSWER = `No. ${'It is not electric, it runs on oil and a wick. '.repeat(45_000)}`;

function studyOf(result: BenchmarkImport | undefined): ImportedStudy {
  if (result?.ok !== true) throw new Error(`expected the import to succeed: ${JSON.stringify(result)}`);
  return result.value;
}

function replies(study: ImportedStudy): string[] {
  return study.bundle.sessions.flatMap((session) => session.turns.flatMap((turn) => Object.values(turn.judgeReplies ?? {})));
}

describe('an imported judge reply over 1 MB', () => {
  it("from GameArena's users.db is labelled whole, kept cut, listed with the leftovers, and the bundle reads back", async () => {
    expect(LONG_ANSWER.length).toBeGreaterThan(2_000_000);
    const play = new AkinatorPlay(
      '0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a',
      'Zoë',
      1001,
      1,
      'gpt-4o-2024-11-20',
      ['user', 'assistant'],
      'Oil lamp',
      'Is it electric?',
    );
    const bytes = await gameArenaDatabase([play.answer(LONG_ANSWER, 'Question 2: Does it give light?')]);
    const file = { name: 'users.db', text: '', size: bytes.length, binaryKind: SQLITE_DATABASE, bytes };

    // Without the cut, the study the importer gives cannot be read back as a bundle.
    const whole = studyOf(await importGameArena([file], loadSqlJsInNode));
    expect(replies(whole)).toContain(LONG_ANSWER);
    const refused = importedStudyData(whole, ['users.db'], NOW);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors[0]?.message).toBe('a string is longer than the limit of 1 MB');

    const study = studyOf(await importBenchmarkFiles([file], {}, FILE_READERS));
    const turn = study.bundle.sessions[0]?.turns[0];
    expect(turn?.judgements).toEqual({ 'human:Zoë': 'no' });
    const kept = turn?.judgeReplies?.['human:Zoë'] ?? '';
    expect(kept.length).toBeLessThanOrEqual(LIMIT);
    expect(kept.startsWith('No. It is not electric')).toBe(true);
    expect(kept.endsWith(LONG_ANSWER.slice(-2000))).toBe(true);
    const cut = study.leftovers.find((leftover) => leftover.what === CUT_REPLIES);
    expect(cut).toMatchObject({ file: 'users.db', count: 1 });
    expect(cut?.examples[0]).toMatch(/^0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a\/1 \(human:Zoë\): [\d,]+ characters cut$/);
    const data = importedStudyData(study, ['users.db'], NOW);
    if (!data.ok) throw new Error(JSON.stringify(data.errors));
    expect(data.value.turns[0]?.judgeReplies?.['human:Zoë']).toBe(kept);
  });

  it('from a mapped workbook cell is kept cut the same way', async () => {
    const bytes = writeWorkbook([
      {
        name: 'Turns',
        rows: [
          ['pid', 'story', 'answer', 'question', 'label'],
          ['p1', 'A man lights a lamp.', 'It burns oil.', 'Is it electric?', LONG_ANSWER],
          ['p1', null, null, 'Is it night?', 'Irrelevant'],
        ],
      },
    ]);
    const preset: MappingPreset = {
      format: MAPPING_FORMAT,
      name: 'sheet',
      fields: { puzzleId: 'pid', story: 'story', reference: 'answer', question: 'question', judgeLabel: 'label' },
      constants: { player: 'p', judge: 'j' },
    };
    const study = studyOf(await importMappedFiles([{ name: 'run.xlsx', text: '', bytes, binaryKind: EXCEL_WORKBOOK }], preset, {}, FILE_READERS));
    const [first, second] = study.bundle.sessions[0]?.turns ?? [];
    expect(first?.judgements).toEqual({ j: 'no' });
    expect(first?.judgeReplies?.j?.length).toBeLessThanOrEqual(LIMIT);
    expect(second?.judgeReplies).toEqual({ j: 'Irrelevant' });
    expect(study.leftovers.find((leftover) => leftover.what === CUT_REPLIES)).toMatchObject({ file: 'run.xlsx', count: 1 });
    expect(importedStudyData(study, ['run.xlsx'], NOW).ok).toBe(true);
  });
});
