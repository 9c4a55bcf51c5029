// Canonical JSON: the one byte-exact text of a JSON value that the SHA-256 checksum of packs and
// label files covers, so any writer (ours or a user's script) can reproduce the checksum.
// Pure function of its input; owns no data.

/**
 * The canonical JSON text of `value`, defined as:
 *
 * - objects: members sorted by key, comparing keys as strings of UTF-16 code units (the order
 *   of JavaScript's default `sort`, which is also Python's `sort_keys` order for keys in the
 *   Basic Multilingual Plane); written `{"key":value,...}` with no whitespace; members whose
 *   value is `undefined` are left out, as `JSON.stringify` leaves them out;
 * - arrays: elements in their order, `[a,b,...]`, no whitespace;
 * - strings and keys: as `JSON.stringify` writes them (only `"`, `\` and control characters
 *   escaped, lone surrogates as `\uXXXX`; every other character literal, UTF-8 when hashed);
 * - numbers: as `JSON.stringify` writes them (shortest round-trip form, `-0` as `0`);
 *   NaN and the infinities are refused, since JSON has no text for them;
 * - `true`, `false`, `null` as themselves.
 *
 * Anything else (undefined outside an object member, functions, symbols, bigints, class
 * instances such as Date, cyclic structures) throws a TypeError: a checksum over a value
 * that JSON cannot carry would not survive the trip through a file.
 */
export function canonicalJson(value: unknown): string {
  const state = { indexKeys: false };
  const copy = checkedCopy(value, [], [], state);
  // JS objects list integer-like keys ("9", "10") first in numeric order, whatever their
  // insertion order, so only objects without such keys can be left to JSON.stringify.
  return state.indexKeys ? writeSorted(copy) : JSON.stringify(copy);
}

const INDEX_KEY = /^(?:0|[1-9]\d*)$/;

/**
 * canonicalJson of `records` cut down to `keys`, for flat records such as labels: where every
 * picked value is a string or a finite number and no key is integer-like, the members are put in
 * code-unit order here and JSON.stringify writes the canonical text directly, with no checked
 * copy (at 200,000 labels about a quarter of canonicalJson's time). Anything else goes through
 * canonicalJson itself, so the text, or the refusal, is always canonicalJson's.
 */
export function canonicalRecordsJson<T extends object, K extends keyof T & string>(records: readonly T[], keys: readonly K[]): string {
  const sorted = [...keys].sort();
  const picked = (record: T) => Object.fromEntries(sorted.map((key) => [key, record[key]]));
  if (sorted.some((key) => INDEX_KEY.test(key))) return canonicalJson(records.map(picked));
  const rows = new Array<Record<string, unknown>>(records.length);
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as T;
    // No prototype, so a "__proto__" key stays an ordinary member, as in canonicalJson.
    const row = Object.create(null) as Record<string, unknown>;
    for (const key of sorted) {
      const value: unknown = record[key];
      if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return canonicalJson(records.map(picked));
      row[key] = value;
    }
    rows[i] = row;
  }
  return JSON.stringify(rows);
}

/**
 * Checks that `value` is plain JSON data and copies it with every object's keys inserted in
 * code-unit order, so the native JSON.stringify (fast, and flat strings) writes canonical text.
 * Copies have no prototype, so a "__proto__" key stays an ordinary key.
 */
function checkedCopy(value: unknown, ancestors: object[], path: (string | number)[], state: { indexKeys: boolean }): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw refusal(path, `is ${String(value)}, which JSON cannot represent`);
      return value;
    case 'object':
      break;
    default:
      throw refusal(path, `is ${value === undefined ? 'undefined' : `a ${typeof value}`}, which JSON cannot represent`);
  }
  if (value === null) return null;
  // JSON data is shallow, so a linear search of the open objects is cheaper than a Set.
  if (ancestors.includes(value)) throw refusal(path, 'refers back to itself');
  ancestors.push(value);
  let copy: unknown[] | Record<string, unknown>;
  if (Array.isArray(value)) {
    copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      copy[index] = checkedCopy(value[index], ancestors, path, state);
      path.pop();
    }
  } else {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw refusal(path, 'is not a plain object');
    const record = value as Record<string, unknown>;
    copy = Object.create(null) as Record<string, unknown>;
    // Default sort compares UTF-16 code units, which is exactly the documented key order.
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (member === undefined) continue;
      const first = key.charCodeAt(0);
      if (first >= 0x30 && first <= 0x39 && INDEX_KEY.test(key)) state.indexKeys = true;
      path.push(key);
      copy[key] = checkedCopy(member, ancestors, path, state);
      path.pop();
    }
  }
  ancestors.pop();
  return copy;
}

/** Writes an already checked copy, sorting keys itself; the path for objects with integer-like keys. */
function writeSorted(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(writeSorted).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${writeSorted(record[key])}`);
  return `{${members.join(',')}}`;
}

function refusal(path: readonly (string | number)[], problem: string): TypeError {
  const where = path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('');
  return new TypeError(`canonical JSON: $${where} ${problem}`);
}
