// Collects every located error of one input file, up to a cap: a broken 100 MB file must not
// build millions of messages, but the user still learns how many more there were.

import type { FormatError } from './errors';

export const MAX_REPORTED_ERRORS = 1000;

export class ErrorList {
  private readonly items: FormatError[] = [];
  private dropped = 0;

  constructor(readonly file: string) {}

  get count(): number {
    return this.items.length + this.dropped;
  }

  add(path: string, message: string, line?: number): void {
    this.push({ file: this.file, ...(line !== undefined ? { line } : {}), path, message });
  }

  push(...errors: FormatError[]): void {
    for (const error of errors) {
      if (this.items.length < MAX_REPORTED_ERRORS) this.items.push(error);
      else this.dropped++;
    }
  }

  /** Rewrites every collected error, e.g. to add what people need to find its place. */
  update(change: (error: FormatError) => FormatError): void {
    this.items.splice(0, this.items.length, ...this.items.map(change));
  }

  /** The collected errors, with a closing "…and N more errors" when the cap was reached. */
  list(): FormatError[] {
    if (this.dropped === 0) return [...this.items];
    const more = `…and ${this.dropped} more error${this.dropped === 1 ? '' : 's'}`;
    return [...this.items, { file: this.file, path: '', message: more }];
  }
}
