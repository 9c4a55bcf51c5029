// Imports SPLAT's puzzle sheet (puzzles.xlsx: title, story, answer, level of difficulty) as a
// puzzle list for difficulty studies: the workbook's first sheet read with read-excel-file, each
// row through the puzzle-list adapter the JSON form of the sheet already goes through. A sheet
// with AgentBench's columns goes to its reader instead (agentbench-ltp.ts).

import type { LabelScheme } from '../../domain/model';
import { adaptRows } from '../adapt-rows';
import { EXCEL_WORKBOOK } from '../binary-kind';
import { ErrorList } from '../error-list';
import type { FormatError } from '../errors';
import { checkFileSize, type SourceFile } from '../limits';
import { baseName, generatedStudyId } from '../study-id';
import { TRANSCRIPTS_FORMAT } from '../transcript-bundle';
import { agentBenchSheetStudy, isAgentBenchSheetHeader } from './agentbench-ltp';
import type { FileReaders, SheetRows } from './file-readers';
import { LeftoverTally, type BenchmarkImport, type BenchmarkImportOptions, type BundlePuzzle } from './imported-study';
import { workbookFailure } from '../workbook-parts';

const SPLAT_SHEET_LAYOUT = 'SPLAT puzzle sheet (puzzles.xlsx: title, story, answer, level of difficulty)';

const COLUMNS = ['title', 'story', 'answer', 'level of difficulty'] as const;
// The level is read as a number or "7/10 HARD"; every other cell is text, whatever Excel stored.
const LEVEL_COLUMN = 'level of difficulty';
const SCHEME: LabelScheme = { answerUnknown: false };

/** Whether a file is an Excel workbook: a cheap claim; the importer refuses sheets with other columns. */
export function isWorkbook(file: SourceFile): boolean {
  return file.binaryKind === EXCEL_WORKBOOK && file.bytes !== undefined;
}

/** Imports one workbook whose first sheet has SPLAT's columns, as puzzles with their difficulty and no sessions. */
export async function importSplatPuzzleSheet(
  files: readonly SourceFile[],
  options: BenchmarkImportOptions,
  readers: Pick<FileReaders, 'readWorkbook'>,
): Promise<BenchmarkImport> {
  const [file, ...others] = files;
  if (file === undefined || !isWorkbook(file)) return refuse(files.map((f) => f.name).join(', '), 'expected an Excel workbook');
  if (others.length > 0) return refuse(others.map((f) => f.name).join(', '), `a puzzle sheet imports on its own; import ${file.name} alone`);
  if (options.player !== undefined || options.judge !== undefined)
    return refuse(file.name, 'a puzzle sheet holds no games, so a player or judge name has nothing to name');
  const sizeError = checkFileSize(file);
  if (sizeError !== undefined) return { ok: false, errors: [sizeError] };

  let sheets: readonly { sheet: string; data: SheetRows }[];
  try {
    const bytes = file.bytes ?? new Uint8Array();
    // trim: false keeps each cell as typed (a title's trailing spaces are part of it).
    sheets = await readers.readWorkbook(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, { trim: false });
  } catch (error) {
    return refuse(file.name, `cannot read the workbook: ${workbookFailure(error)}`);
  }
  const [first, ...otherSheets] = sheets;
  const [header = [], ...rows] = first?.data ?? [];
  const found = header.map((cell) => (cell === null ? '' : String(cell)));
  const missing = COLUMNS.filter((column) => !found.includes(column));
  if (missing.length > 0 && first !== undefined && isAgentBenchSheetHeader(found)) {
    const leftovers = new LeftoverTally();
    for (const sheet of otherSheets) leftovers.add(file.name, 'records: sheets after the first (only the first is read)', sheet.sheet);
    return { ok: true, value: agentBenchSheetStudy(file, first.sheet, first.data, leftovers) };
  }
  if (missing.length > 0) {
    const foundText =
      found
        .filter((name) => name !== '')
        .map((name) => JSON.stringify(name))
        .join(', ') || 'none';
    return refuse(
      file.name,
      `the first sheet${first !== undefined ? ` (${JSON.stringify(first.sheet)})` : ''} is not SPLAT's puzzle sheet: expected the columns ${COLUMNS.join(', ')} (or AgentBench's story, answer, Story keys, Answer keys), found ${foundText}; for another layout, map its columns with --mapping`,
    );
  }

  const leftovers = new LeftoverTally();
  for (const sheet of otherSheets)
    leftovers.add(file.name, 'records: sheets after the first (only the first is read)', `${sheet.sheet} (${sheet.data.length.toLocaleString('en')} rows)`);
  // Spreadsheet row numbers (1 is the header) of the rows read, as blank rows are skipped.
  const sheetRows: number[] = [];
  const records = rows
    .filter((row, index) => {
      const filled = row.some((cell) => cell !== null && String(cell).trim() !== '');
      if (filled) sheetRows.push(index + 2);
      return filled;
    })
    .map((row) => {
      const record: Record<string, unknown> = {};
      found.forEach((column, index) => {
        const cell = row[index];
        if (cell === null || cell === undefined) return;
        if ((COLUMNS as readonly string[]).includes(column)) record[column] = column === LEVEL_COLUMN && typeof cell === 'number' ? cell : String(cell);
        else leftovers.add(file.name, `column ${column === '' ? `${index + 1} (no header)` : JSON.stringify(column)}`, cell);
      });
      return record;
    });

  const name = baseName(file.name);
  const id = generatedStudyId(name, `${file.name}\u0000${file.bytes?.length ?? 0}\u0000${JSON.stringify(records)}`);
  const errors = new ErrorList(file.name);
  const adapted = adaptRows(records, id, errors);
  if (adapted === undefined) return { ok: false, errors: errors.list().map((error) => withSheetRow(error, sheetRows)) };

  const puzzles = adapted.puzzles.map(({ studyId: _study, keyClues, ...puzzle }): BundlePuzzle => ({
    ...puzzle,
    ...(keyClues.length > 0 ? { keyClues } : {}),
    source: puzzle.source ?? 'SPLAT',
  }));
  return {
    ok: true,
    value: {
      layouts: [
        {
          file: file.name,
          layout: `${SPLAT_SHEET_LAYOUT}, first sheet ${JSON.stringify(first?.sheet ?? '')}: a puzzle list with each puzzle's difficulty, no games`,
        },
      ],
      bundle: { format: TRANSCRIPTS_FORMAT, id, name, scheme: SCHEME, puzzles, sessions: [] },
      raters: [],
      leftovers: leftovers.list(),
    },
  };
}

/** An error in record [i] with the spreadsheet row it came from, which is where people look. */
function withSheetRow(error: FormatError, sheetRows: readonly number[]): FormatError {
  const index = /^\[(\d+)\]/.exec(error.path)?.[1];
  const row = index === undefined ? undefined : sheetRows[Number(index)];
  return row === undefined ? error : { ...error, line: row };
}

function refuse(file: string, message: string): BenchmarkImport {
  return { ok: false, errors: [{ file, path: '', message }] };
}
