// Web Worker that reads the files a lead maps (a large CSV, JSON or workbook) and maps their records,
// so neither the parse nor the mapping blocks the window. It keeps the records of the files being
// mapped between calls: the dialog checks each change of the mapping against them.

import * as Comlink from 'comlink';
import { mapRecords, previewMapping, readTables } from '../../shared/formats/importers/mapping';
import type { MappingPreset } from '../../shared/formats/importers/mapping-preset';
import type { RecordTable, RecordsAt } from '../../shared/formats/importers/mapping-records';
import type { SourceFile } from '../../shared/formats/limits';
import { UNPARSEABLE } from '../../shared/domain/model';
import type { MappedStudy, MappingCheck, MappingFields } from './mapping-protocol';
import { WORKBOOK_READERS } from './workbook-reader';

let tables: RecordTable[] = [];

const api = {
  /** Reads the files' records (at the JSON path or sheet given) and keeps them for the checks that follow. */
  async open(files: SourceFile[], at: RecordsAt): Promise<MappingFields> {
    tables = [];
    const read = await readTables(files, { records: at }, WORKBOOK_READERS);
    if (!read.ok) return read;
    tables = read.value;
    return {
      ok: true,
      fieldNames: [...new Set(tables.flatMap((table) => table.fieldNames))],
      layouts: tables.map((table) => `${table.file}: ${table.layout}`),
    };
  },

  check(preset: MappingPreset, rows: number): MappingCheck {
    const preview = previewMapping(tables, preset, rows);
    const { result, columns } = mapRecords(tables, preset);
    if (!result.ok)
      return {
        rows: preview.rows,
        problems: result.needs === undefined ? result.errors : [],
        needs: result.needs ?? [],
        leftovers: preview.leftovers,
        columns,
      };
    const { bundle, leftovers } = result.value;
    const turns = bundle.sessions.flatMap((session) => session.turns);
    const unparseable = turns.reduce((n, turn) => n + Object.values(turn.judgements).filter((label) => label === UNPARSEABLE).length, 0);
    const finals = turns.filter((turn) => turn.type === 'final').length;
    return {
      rows: preview.rows,
      problems: [],
      needs: [],
      leftovers,
      columns,
      counts: { puzzles: bundle.puzzles.length, sessions: bundle.sessions.length, turns: turns.length, questions: turns.length - finals, finals, unparseable },
    };
  },

  build(preset: MappingPreset): MappedStudy {
    const result = mapRecords(tables, preset).result;
    return result.ok ? { ok: true, study: result.value, fileNames: tables.map((table) => table.file) } : { ok: false, errors: result.errors };
  },
};

export type MappingWorkerApi = typeof api;

Comlink.expose(api);
