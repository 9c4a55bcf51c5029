// Indexes the distinct unit, rater and category strings of rating data in first-seen order.
// Tuned for it: a repeat of the previous key (a unit's ratings in a row) and a key among a few
// (raters, labels) skip the hash table, keys that arrive in ascending order (units of a sorted
// export) are added without one and kept as ranges of the text they came in until someone asks
// for them as strings, and a CSV reader can look a field up in place, hashed as it scanned it, so
// that a key it has seen costs no new string and no second look at its text.

const FEW = 8;

/** FNV-1a over the UTF-16 code units: the hash before the first code unit. */
export const KEY_HASH_START = 0x811c9dc5 | 0;

/** FNV-1a: the hash after one more code unit. */
export function keyHashStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

export class KeyIndex {
  /** The first keys as strings; the rest (`size` in all) are ranges `from`..`to` of `source` still. */
  private readonly made: string[] = [];
  private count = 0;
  private source = '';
  private from = new Int32Array(32);
  private to = new Int32Array(32);
  private hashes = new Int32Array(32);
  /**
   * Open addressing: key index + 1, 0 for an empty slot. Built only once a key arrives that is
   * not above every key before it: until then a key above the last one is new without a look.
   */
  private slots: Int32Array | null = null;
  private last = -1;

  /** How many keys there are, without making strings of them. */
  get size(): number {
    return this.count;
  }

  /** The keys in first-seen order, as strings (made now for those kept as ranges). */
  get keys(): string[] {
    this.makeStrings();
    return this.made;
  }

  private makeStrings(): void {
    const { made } = this;
    while (made.length < this.count) made.push(this.source.slice(this.from[made.length], this.to[made.length]));
  }

  /** The index of `key`, added at the end when new. */
  indexOf(key: string): number {
    return this.indexOfRange(key, 0, key.length);
  }

  /** The index of `text.slice(start, end)`, compared in place. */
  indexOfRange(text: string, start: number, end: number): number {
    if (this.last >= 0 && this.matches(text, start, end, this.last)) return this.last;
    if (this.count <= FEW) {
      for (let k = 0; k < this.count; k++) if (this.matches(text, start, end, k)) return (this.last = k);
    }
    let hash = KEY_HASH_START;
    for (let i = start; i < end; i++) hash = keyHashStep(hash, text.charCodeAt(i));
    return this.indexOfHashed(text, start, end, hash);
  }

  /** indexOfRange for a range whose hash (KEY_HASH_START, keyHashStep) the caller took as it read the range. */
  indexOfHashed(text: string, start: number, end: number, hash: number): number {
    const { hashes } = this;
    if (this.last >= 0 && hashes[this.last] === hash && this.matches(text, start, end, this.last)) return this.last;
    let slots = this.slots;
    if (slots === null) {
      if (this.count === 0 || this.above(text, start, end, this.count - 1)) return this.add(text, start, end, hash, -1);
      this.makeStrings();
      slots = this.rehash(tableSize(this.count + 1));
    }
    const mask = slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const k = (slots[slot] as number) - 1;
      if (k < 0) break;
      if (hashes[k] === hash && this.matches(text, start, end, k)) return (this.last = k);
      slot = (slot + 1) & mask;
    }
    return this.add(text, start, end, hash, slot);
  }

  /** Adds the key, at `slot` of the table when there is one, else as a range of `text` while it can be one. */
  private add(text: string, start: number, end: number, hash: number, slot: number): number {
    const k = this.count;
    if (k === this.hashes.length) {
      this.hashes = widened(this.hashes);
      this.from = widened(this.from);
      this.to = widened(this.to);
    }
    this.hashes[k] = hash;
    if (slot < 0 && (this.made.length === k || text === this.source)) {
      this.source = text;
      this.from[k] = start;
      this.to[k] = end;
    } else {
      this.makeStrings();
      this.made.push(start === 0 && end === text.length ? text : text.slice(start, end));
    }
    this.count = k + 1;
    const { slots } = this;
    if (slots !== null) {
      slots[slot] = k + 1;
      if (2 * this.count > slots.length) this.rehash(2 * slots.length);
    }
    return (this.last = k);
  }

  /** Whether text.slice(start, end) is key k. */
  private matches(text: string, start: number, end: number, k: number): boolean {
    const length = end - start;
    if (k < this.made.length) {
      const key = this.made[k] as string;
      if (key.length !== length) return false;
      for (let i = 0; i < length; i++) if (text.charCodeAt(start + i) !== key.charCodeAt(i)) return false;
      return true;
    }
    const from = this.from[k] as number;
    if ((this.to[k] as number) - from !== length) return false;
    const { source } = this;
    for (let i = 0; i < length; i++) if (text.charCodeAt(start + i) !== source.charCodeAt(from + i)) return false;
    return true;
  }

  /** Whether text.slice(start, end) sorts after key k, by code units as `<` compares strings. */
  private above(text: string, start: number, end: number, k: number): boolean {
    const made = k < this.made.length;
    const key = made ? (this.made[k] as string) : this.source;
    const from = made ? 0 : (this.from[k] as number);
    const keyLength = made ? key.length : (this.to[k] as number) - from;
    const length = Math.min(end - start, keyLength);
    for (let i = 0; i < length; i++) {
      const a = text.charCodeAt(start + i);
      const b = key.charCodeAt(from + i);
      if (a !== b) return a > b;
    }
    return end - start > keyLength;
  }

  /** Puts the keys in a new table of `size` slots (a power of two). */
  private rehash(size: number): Int32Array {
    const slots = new Int32Array(size);
    const mask = size - 1;
    const { hashes } = this;
    for (let k = 0; k < this.count; k++) {
      let slot = (hashes[k] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = k + 1;
    }
    return (this.slots = slots);
  }
}

function widened(column: Int32Array): Int32Array<ArrayBuffer> {
  const wider = new Int32Array(2 * column.length);
  wider.set(column);
  return wider;
}

/** The table's size for `count` keys: a power of two, at most half full. */
function tableSize(count: number): number {
  let size = 64;
  while (2 * count > size) size *= 2;
  return size;
}
