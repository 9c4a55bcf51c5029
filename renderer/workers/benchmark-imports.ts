// The worker's side of importing a benchmark's own files in two steps: it reads the files once,
// holds the result by request id and returns a preview; nothing is written until the lead agrees
// (commit), and cancel drops what it held. Files that lack a model name wait here for the name.
// A study mapped by a preset, which the lead already previewed, is stored the same way at once.

import { benchmarkOf, importBenchmarkFiles, type BenchmarkReaders } from '../../shared/formats/importers/benchmark-import';
import { importPreview, leftOutText, unreadableReplies, type ImportPreview } from '../../shared/formats/importers/import-preview';
import { countText } from '../../shared/domain/count-text';
import type { BenchmarkImportOptions, ImportedStudy } from '../../shared/formats/importers/imported-study';
import { importedStudyData, raterLabelFiles } from '../../shared/formats/importers/stored-study';
import type { StudyData } from '../../shared/domain/model';
import type { LabelFile } from '../../shared/formats/label-file';
import type { SourceFile } from '../../shared/formats/limits';
import type { StudioDatabase } from '../db/database';
import type { ImportProgress } from '../db/import-study';
import { describeStorageError } from '../db/storage';
import { storeImportedStudy } from '../db/store-imported-study';
import type { ImportOutcome, ImportStart } from './import-protocol';

interface Held {
  files: readonly SourceFile[];
  ready?: { data: StudyData; raters: LabelFile[]; preview: ImportPreview };
}

export class BenchmarkImports {
  private readonly held = new Map<string, Held>();
  private next = 0;

  constructor(
    private readonly app: string,
    private readonly now: () => string = () => new Date().toISOString(),
    /** What reads YAML, workbooks and databases (GameArena's users.db): the worker starts sql.js from the bundled WebAssembly. */
    private readonly readers: BenchmarkReaders,
  ) {}

  /** Reads the files when a benchmark importer claims them; undefined leaves them to the library's own formats. */
  async start(files: readonly SourceFile[]): Promise<ImportStart | undefined> {
    if (benchmarkOf(files) === undefined) return undefined;
    this.next += 1;
    const requestId = `import-${this.next}`;
    this.held.set(requestId, { files });
    return this.read(requestId, {});
  }

  /** Reads the held files again with the model names the lead gave. */
  async name(requestId: string, names: BenchmarkImportOptions): Promise<ImportStart> {
    return this.read(requestId, names);
  }

  async commit(db: StudioDatabase, requestId: string, onProgress: (progress: ImportProgress) => void): Promise<ImportOutcome> {
    const ready = this.held.get(requestId)?.ready;
    this.held.delete(requestId);
    if (ready === undefined) return { ok: false, errors: [{ file: '', path: '', message: 'this import was cancelled or already done; drop the files again' }] };
    const { preview } = ready;
    return this.store(db, ready, preview.grouping === 'one file' ? `read as a ${preview.system} file` : `${preview.system}: ${preview.grouping}`, onProgress);
  }

  /** Stores a study the mapping dialog built from `fileNames` by the preset named, its raters' labels as their label files would be. */
  async storeMapped(
    db: StudioDatabase,
    imported: ImportedStudy,
    fileNames: readonly string[],
    presetName: string,
    onProgress: (progress: ImportProgress) => void,
  ): Promise<ImportOutcome> {
    const now = this.now();
    const data = importedStudyData(imported, fileNames, now);
    if (!data.ok) return data;
    const preview = importPreview('mapped', undefined, fileNames.length, imported);
    const raters = raterLabelFiles(data.value.study.id, imported.raters, now, this.app);
    const readAs = `mapped by the preset "${presetName}"${preview.grouping === 'one file' ? '' : `, ${preview.grouping}`}`;
    return this.store(db, { data: data.value, raters, preview }, readAs, onProgress);
  }

  /** Writes the study and its raters' labels; the summary's notes start with how the files were read. */
  private async store(
    db: StudioDatabase,
    ready: NonNullable<Held['ready']>,
    readAs: string,
    onProgress: (progress: ImportProgress) => void,
  ): Promise<ImportOutcome> {
    const { data, raters, preview } = ready;
    try {
      await storeImportedStudy(db, data, raters, this.now(), onProgress);
    } catch (error) {
      return { ok: false, errors: [{ file: data.study.sourceFiles.join(', '), path: '', message: describeStorageError(error) }] };
    }
    const { study } = data;
    const leftOut = leftOutText(preview.leftovers);
    const unreadable = unreadableReplies(preview);
    const notes = [readAs];
    if (preview.counts.raters > 0)
      notes.push(
        `${preview.counts.humanLabels.toLocaleString('en-US')} human labels by ${preview.counts.raters === 1 ? 'one rater' : `${preview.counts.raters} raters`}`,
      );
    if (preview.prompts.length > 0)
      notes.push(`judge prompts kept as prompt versions (Judges page): ${preview.prompts.map((prompt) => prompt.name).join(', ')}`);
    if (unreadable > 0) notes.push(`${countText(unreadable, 'judge reply', 'judge replies')} that could not be read, kept as written`);
    notes.push(leftOut === undefined ? 'nothing left out' : `left out: ${leftOut}, as listed before the import`);
    return { ok: true, studies: [{ id: study.id, name: study.name, counts: study.counts, notes }] };
  }

  cancel(requestId: string): void {
    this.held.delete(requestId);
  }

  private async read(requestId: string, names: BenchmarkImportOptions): Promise<ImportStart> {
    const held = this.held.get(requestId);
    if (held === undefined) return { ok: false, errors: [{ file: '', path: '', message: 'this import was cancelled or already done; drop the files again' }] };
    const { files } = held;
    const system = benchmarkOf(files);
    const result = await importBenchmarkFiles(files, names, this.readers);
    if (system === undefined || result === undefined)
      return this.fail(requestId, { ok: false, errors: [{ file: files.map((f) => f.name).join(', '), path: '', message: 'no importer reads these files' }] });
    if (!result.ok) {
      if (result.needs !== undefined) return { requestId, needs: result.needs, message: result.errors[0]?.message ?? 'a model name is needed' };
      return this.fail(requestId, { ok: false, errors: result.errors });
    }
    const now = this.now();
    const fileNames = files.map((file) => file.name);
    const data = importedStudyData(result.value, fileNames, now);
    if (!data.ok) return this.fail(requestId, data);
    const preview = importPreview(system.system, system.grouping, files.length, result.value);
    held.ready = { data: data.value, raters: raterLabelFiles(data.value.study.id, result.value.raters, now, this.app), preview };
    return { requestId, preview };
  }

  private fail(requestId: string, outcome: ImportOutcome): ImportOutcome {
    this.held.delete(requestId);
    return outcome;
  }
}
