// Indexes the distinct unit, rater and category strings of rating data in first-seen order.
// Tuned for it: a repeat of the previous key (a unit's ratings in a row) and a key among a few
// (raters, labels) skip the hash table, keys that arrive in ascending order (units of a sorted
// export) are added without one, and a CSV reader can look a field up in place, hashed as it
// scanned it, so that a key it has seen costs no new string and no second look at its text.

const FEW = 8;

/** FNV-1a over the UTF-16 code units: the hash before the first code unit. */
export const KEY_HASH_START = 0x811c9dc5 | 0;

/** FNV-1a: the hash after one more code unit. */
export function keyHashStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

export class KeyIndex {
  readonly keys: string[] = [];
  private hashes = new Int32Array(32);
  /**
   * Open addressing: key index + 1, 0 for an empty slot. Built only once a key arrives that is
   * not above every key before it: until then a key above the last one is new without a look.
   */
  private slots: Int32Array | null = null;
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
    let hash = KEY_HASH_START;
    for (let i = start; i < end; i++) hash = keyHashStep(hash, text.charCodeAt(i));
    return this.indexOfHashed(text, start, end, hash);
  }

  /** indexOfRange for a range whose hash (KEY_HASH_START, keyHashStep) the caller took as it read the range. */
  indexOfHashed(text: string, start: number, end: number, hash: number): number {
    const { keys, hashes } = this;
    const length = end - start;
    if (this.last >= 0 && hashes[this.last] === hash && matches(text, start, keys[this.last] as string, length)) return this.last;
    let slots = this.slots;
    if (slots === null) {
      if (keys.length === 0 || above(text, start, end, keys[keys.length - 1] as string)) return this.add(text, start, end, hash, -1);
      slots = this.rehash(tableSize(keys.length + 1));
    }
    const mask = slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const k = (slots[slot] as number) - 1;
      if (k < 0) break;
      if (hashes[k] === hash && matches(text, start, keys[k] as string, length)) return (this.last = k);
      slot = (slot + 1) & mask;
    }
    return this.add(text, start, end, hash, slot);
  }

  /** Adds the key, at `slot` of the table when there is one. */
  private add(text: string, start: number, end: number, hash: number, slot: number): number {
    const { keys, hashes } = this;
    const k = keys.length;
    keys.push(start === 0 && end === text.length ? text : text.slice(start, end));
    if (k === hashes.length) {
      this.hashes = new Int32Array(2 * k);
      this.hashes.set(hashes);
    }
    this.hashes[k] = hash;
    const { slots } = this;
    if (slots !== null) {
      slots[slot] = k + 1;
      if (2 * keys.length > slots.length) this.rehash(2 * slots.length);
    }
    return (this.last = k);
  }

  /** Puts the keys in a new table of `size` slots (a power of two). */
  private rehash(size: number): Int32Array {
    const slots = new Int32Array(size);
    const mask = size - 1;
    const { hashes } = this;
    for (let k = 0; k < this.keys.length; k++) {
      let slot = (hashes[k] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = k + 1;
    }
    return (this.slots = slots);
  }
}

/** The table's size for `count` keys: a power of two, at most half full. */
function tableSize(count: number): number {
  let size = 64;
  while (2 * count > size) size *= 2;
  return size;
}

/** Whether text.slice(start, end) sorts after `key`, by code units as `<` compares strings. */
function above(text: string, start: number, end: number, key: string): boolean {
  const length = Math.min(end - start, key.length);
  for (let i = 0; i < length; i++) {
    const a = text.charCodeAt(start + i);
    const b = key.charCodeAt(i);
    if (a !== b) return a > b;
  }
  return end - start > key.length;
}

/** text.startsWith(key, start) for a key of `length` code units, as an inlinable loop (keys are short). */
function matches(text: string, start: number, key: string, length: number): boolean {
  if (key.length !== length) return false;
  for (let i = 0; i < length; i++) if (text.charCodeAt(start + i) !== key.charCodeAt(i)) return false;
  return true;
}
