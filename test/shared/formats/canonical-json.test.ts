// canonicalJson, the text checksums are taken over: keys sorted by UTF-16 code unit at every depth,
// no whitespace, values written as JSON.stringify does, and values JSON cannot carry refused.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import { canonicalJson, canonicalRecordsJson } from '../../../shared/formats/canonical-json';

describe('canonical JSON', () => {
  it('sorts object keys by UTF-16 code unit, at every depth, without whitespace', () => {
    expect(canonicalJson({ b: 1, a: { z: [3, { y: 1, x: 2 }], B: null }, A: true })).toBe('{"A":true,"a":{"B":null,"z":[3,{"x":2,"y":1}]},"b":1}');
    // Code-unit order, not locale order: "Z" (0x5a) < "a" (0x61) < "é" (0xe9) < "😀" (0xd83d...) < "ｆ" (0xff46).
    expect(canonicalJson({ ｆ: 0, '😀': 1, é: 2, a: 3, Z: 4 })).toBe('{"Z":4,"a":3,"é":2,"😀":1,"ｆ":0}');
  });

  it('keeps array order and writes numbers and strings as JSON.stringify does', () => {
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
    expect(canonicalJson([1e21, 0.1, -0, 5400, 1.5e-7])).toBe('[1e+21,0.1,0,5400,1.5e-7]');
    expect(canonicalJson('quote " backslash \\ newline \n tab \t ü 日本')).toBe('"quote \\" backslash \\\\ newline \\n tab \\t ü 日本"');
    expect(canonicalJson('\ud800')).toBe('"\\ud800"');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson([])).toBe('[]');
  });

  it('orders integer-like keys by code unit too, not numerically as JS objects list them', () => {
    expect(canonicalJson({ 9: 'nine', 10: 'ten', a: { 2: true, 10: false, '01': null } })).toBe('{"10":"ten","9":"nine","a":{"01":null,"10":false,"2":true}}');
    expect(canonicalJson([{ b: 1, 1: [{ y: 2, x: 1 }] }])).toBe('[{"1":[{"x":1,"y":2}],"b":1}]');
  });

  it('leaves out undefined members, as a JSON file would', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
  });

  it('treats a parsed "__proto__" key as an ordinary key', () => {
    const parsed = JSON.parse('{"__proto__":{"x":1},"a":2}') as unknown;
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"x":1},"a":2}');
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ a: [1, Number.POSITIVE_INFINITY] })).toThrow(/\$\.a\[1\] is Infinity/);
    expect(() => canonicalJson([undefined])).toThrow(TypeError);
    expect(() => canonicalJson({ at: new Date(0) })).toThrow(/not a plain object/);
    expect(() => canonicalJson(10n)).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/refers back to itself/);
  });

  it('allows the same object twice when it is not its own ancestor', () => {
    const shared = { x: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });
});

describe('canonical JSON of flat records (canonicalRecordsJson)', () => {
  const prng = createPrng(20261128);
  const pieces = ['a', 'Z', 'é', '😀', 'ｆ', '"', '\\', '\n', '\u0001', '\ud800', 'ann-1', 's-001/1', ' '];
  const text = () => Array.from({ length: prng.int(0, 4) }, () => pieces[prng.int(0, pieces.length - 1)]).join('');
  const value = () => (prng.chance(0.5) ? text() : [0, -0, 1, 9, 0.1, 1e21, 1.5e-7, -3][prng.int(0, 7)]);

  it('writes what canonicalJson writes of the picked members, on 300 seeded sets of records', () => {
    const keySets = [
      ['annotatorId', 'unitId', 'task', 'value'],
      ['task', 'unitId', 'value'],
      ['ｆ', '😀', 'é', 'a', 'Z'],
      ['__proto__', 'b'],
    ];
    for (let run = 0; run < 300; run++) {
      const keys = keySets[run % keySets.length] as string[];
      const records = Array.from({ length: prng.int(0, 6) }, () => {
        const record = Object.create(null) as Record<string, unknown>;
        for (const key of [...keys, 'left out']) record[key] = value();
        return record;
      });
      const picked = records.map((record) => Object.fromEntries(keys.map((key) => [key, record[key]])));
      expect(canonicalRecordsJson(records, keys)).toBe(canonicalJson(picked));
    }
  });

  it('is canonicalJson itself for what the direct path cannot write: a missing member, NaN, an integer-like key', () => {
    expect(canonicalRecordsJson([{ a: 'x', b: undefined }], ['b', 'a'])).toBe('[{"a":"x"}]');
    expect(() => canonicalRecordsJson([{ a: Number.NaN }], ['a'])).toThrow(/canonical JSON: \$\[0\]\.a is NaN/);
    expect(canonicalRecordsJson([{ 10: 'ten', 9: 'nine', a: 1 } as Record<string, unknown>], ['a', '10', '9'])).toBe('[{"10":"ten","9":"nine","a":1}]');
    expect(canonicalRecordsJson([{ a: [1, 2] }], ['a'])).toBe('[{"a":[1,2]}]');
  });
});
