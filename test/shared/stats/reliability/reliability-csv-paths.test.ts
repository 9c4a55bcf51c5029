// The reliability CSV reader's two paths read the same: on random files (units in sorted runs,
// shuffled or coming back, duplicates, fields to trim, missing values, blank and short rows,
// extra columns, LF or CRLF) the one-pass reader of quote-free text gives the same ratings,
// lines and errors as the RFC 4180 reader; and KeyIndex, whose keys skip its table and stay
// ranges of their text while they ascend, gives every key the index and the string a Map would.

import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../../shared/random/prng';
import { readReliabilityCsv } from '../../../../shared/formats/reliability-csv';
import { KEY_HASH_START, KeyIndex, keyHashStep } from '../../../../shared/stats/reliability/key-index';

/** One random file's lines after the header: units in runs, sorted or not, with every kind of row the reader treats apart. */
function randomRows(prng: Prng): string[] {
  const units = Array.from({ length: prng.int(1, 30) }, (_, u) => (prng.chance(0.5) ? `u${String(u).padStart(3, '0')}` : `u${u}`));
  const order = prng.chance(0.5) ? units : [...units].sort(() => prng.next() - 0.5);
  const raters = ['A', 'B', 'C', 'r10', 'r2'];
  const values = ['yes', 'no', '1', '2.0', ''];
  const rows: string[] = [];
  const pick = <T>(list: readonly T[]): T => list[prng.int(0, list.length - 1)] as T;
  // Half the files have faults: rows too short, no unit or rater, a rater rating a unit twice.
  const faulty = prng.chance(0.5);
  const ratedBy = new Map<string, number>();
  for (let run = 0; run < prng.int(1, 60); run++) {
    // Mostly the next unit in order; now and then one from before (its ratings no longer in one run).
    const unit = prng.chance(0.8) ? (order[run % order.length] as string) : pick(order);
    for (let k = prng.int(1, 4); k > 0; k--) {
      const next = ratedBy.get(unit) ?? 0;
      const rater = faulty ? pick(raters) : raters[next];
      if (rater === undefined) break;
      ratedBy.set(unit, next + 1);
      const kind = prng.int(0, 9);
      if (kind === 0) rows.push('', `${unit},${rater},${pick(values)}`);
      else if (kind === 1) rows.push(',,', `${unit},${rater},${pick(values)}`);
      else if (kind === 2) rows.push(` ${unit} ,${rater} , ${pick(values)}`);
      else if (kind === 3 && faulty) rows.push([`${unit},${rater}`, `,${rater},yes`, `${unit},,no`][prng.int(0, 2)] as string);
      else rows.push(`${unit},${rater},${pick(values)}`);
    }
  }
  return rows;
}

/** What a read gives, in a form toEqual compares. */
function outcome(text: string) {
  const read = readReliabilityCsv({ name: 'ratings.csv', text });
  if (!read.ok) return { errors: read.errors };
  const { columns, lineOfRating } = read.value;
  return {
    units: [...columns.units],
    raters: [...columns.raters],
    values: [...columns.values],
    unitOf: Array.from(columns.unitOf),
    raterOf: Array.from(columns.raterOf),
    valueOf: Array.from(columns.valueOf),
    lines: Array.from(lineOfRating),
  };
}

describe('readReliabilityCsv, quote-free and RFC 4180 paths', () => {
  it('read the same ratings, lines and errors from 300 random files', () => {
    const prng = createPrng(30);
    let failed = 0;
    let read = 0;
    for (let file = 0; file < 300; file++) {
      const rows = randomRows(prng);
      const end = prng.chance(0.5) ? '\r\n' : '\n';
      const extra = prng.chance(0.3);
      // Columns past the ones the reader needs, which the quote-free path skips to the line's end.
      const trailing = prng.chance(0.3) ? ',more,columns' : '';
      // A quoted header name sends the same text down the RFC 4180 path.
      const header = (note: string) => `${extra ? `unit,rater,${note},value` : `unit,rater,value`}${trailing}`;
      const body = rows.map((row) => `${extra ? row.replace(/^([^,]*,[^,]*)(,|$)/, '$1,x$2') : row}${trailing && row !== '' ? ',1,2' : ''}`);
      const plain = [header('note'), ...body].join(end);
      const quoted = extra ? [header('"note"'), ...body].join(end) : plain.replace('unit', '"unit"');
      const result = outcome(plain);
      expect(result, plain).toEqual(outcome(quoted));
      if ('errors' in result) failed++;
      else read++;
    }
    // Both kinds of outcome were compared, not only one.
    expect(failed).toBeGreaterThan(30);
    expect(read).toBeGreaterThan(30);
  });

  it('names both lines of a duplicate whether the unit came in one run of rows or came back', () => {
    const messages = (text: string) => {
      const read = readReliabilityCsv({ name: 'r.csv', text });
      return read.ok ? [] : read.errors.map((e) => `${e.line}: ${e.message}`);
    };
    expect(messages('unit,rater,value\nu1,A,yes\nu1,B,no\nu1,A,no\nu2,A,yes\n')).toEqual(['4: duplicate rating: rater "A" already rated unit "u1" on line 2']);
    expect(messages('unit,rater,value\nu1,A,yes\nu2,A,no\nu1,B,no\nu2,A,yes\nu1,B,no\n')).toEqual([
      '5: duplicate rating: rater "A" already rated unit "u2" on line 3',
      '6: duplicate rating: rater "B" already rated unit "u1" on line 4',
    ]);
  });
});

describe('KeyIndex', () => {
  it('gives each key the index a Map gives it, by key and by hashed range, in ascending runs and out of order', () => {
    // Every key once in one text, as a CSV reader hands them over: ranges of the same string.
    const candidates = Array.from({ length: 401 }, (_, n) => String(n).padStart(3, '0')).flatMap((n) => [`k${n}`, `k${n}-`]);
    const text = `,${candidates.join(',')},`;
    const startOf = new Map<string, number>();
    candidates.reduce((at, key) => (startOf.set(key, at), at + key.length + 1), 1);
    const prng = createPrng(31);
    for (let round = 0; round < 200; round++) {
      const index = new KeyIndex();
      const reference = new Map<string, number>();
      const ascending = prng.chance(0.5);
      for (let step = 0; step < 200; step++) {
        // Ascending keys, one a prefix of the next ("k007" < "k007-"), or one of the last few again; else one from anywhere.
        const n = ascending && prng.chance(0.9) ? Math.max(0, step - prng.int(0, 2)) : prng.int(0, 400);
        const key = `k${String(n).padStart(3, '0')}${prng.chance(0.5) ? '' : '-'}`;
        const start = startOf.get(key) as number;
        let hash = KEY_HASH_START;
        for (let i = start; i < start + key.length; i++) hash = keyHashStep(hash, text.charCodeAt(i));
        const expected = reference.get(key) ?? reference.size;
        reference.set(key, expected);
        const got = prng.chance(0.8) ? index.indexOfHashed(text, start, start + key.length, hash) : index.indexOf(key);
        expect(got, key).toBe(expected);
        expect(index.size).toBe(reference.size);
        // Asked for now and then as strings, as a reader's error message would.
        if (prng.chance(0.02)) expect(index.keys).toEqual([...reference.keys()]);
      }
      expect(index.keys).toEqual([...reference.keys()]);
    }
  });
});
