// What the database's long jobs (packs, label files, exports, backups) report while they run and
// hand back: their progress, and the files for the window to save. Defined here, below the
// workers that run the jobs, so the jobs need nothing from the workers' message types.

export interface WorkProgress {
  /** What is being done, for the progress label, e.g. "Writing pack 3 of 55". */
  label: string;
  done: number;
  total: number;
}

/** A file the window hands to the platform to save. */
export interface OutgoingFile {
  name: string;
  text: string;
  mimeType: string;
}
