// Indexes the distinct unit, rater and category strings of rating data in first-seen order.
// Tuned for it: a repeat of the previous key (a unit's ratings in a row) and a key among a few
// (raters, labels) skip the hash table, and a CSV reader can look a field up in place, so that a
// key it has seen costs no new string.

const FEW = 8;

export class KeyIndex {
  readonly keys: string[] = [];
  private readonly hashes: number[] = [];
  /** Open addressing: key index + 1, 0 for an empty slot. */
  private slots = new Int32Array(64);
  private last = -1;

  /** The index of `key`, added at the end when new. */
  indexOf(key: string): number {
    return this.indexOfRange(key, 0, key.length);
  }

  /** The index of `text.slice(start, end)`, compared in place. */
  indexOfRange(text: string, start: number, end: number): number {
    const { keys } = this;
    const length = end - start;
    if (this.last >= 0) {
      const key = keys[this.last] as string;
      if (matches(text, start, key, length)) return this.last;
    }
    if (keys.length <= FEW) {
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k] as string;
        if (matches(text, start, key, length)) return (this.last = k);
      }
    }
    // FNV-1a over the UTF-16 code units.
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const k = (this.slots[slot] as number) - 1;
      if (k < 0) break;
      const key = keys[k] as string;
      if (this.hashes[k] === hash && matches(text, start, key, length)) return (this.last = k);
      slot = (slot + 1) & mask;
    }
    const k = keys.length;
    keys.push(start === 0 && end === text.length ? text : text.slice(start, end));
    this.hashes.push(hash);
    this.slots[slot] = k + 1;
    if (2 * keys.length > this.slots.length) this.grow();
    return (this.last = k);
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    this.hashes.forEach((hash, k) => {
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = k + 1;
    });
    this.slots = slots;
  }
}

/** text.startsWith(key, start) for a key of `length` code units, as an inlinable loop (keys are short). */
function matches(text: string, start: number, key: string, length: number): boolean {
  if (key.length !== length) return false;
  for (let i = 0; i < length; i++) if (text.charCodeAt(start + i) !== key.charCodeAt(i)) return false;
  return true;
}
