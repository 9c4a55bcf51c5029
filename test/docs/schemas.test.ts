// The published JSON Schemas (docs/schemas/, issue 35 point 2) checked by a real JSON Schema
// validator: each equals what `npm run docs:schemas` writes now, every valid file of each format
// passes its schema, and every hostile file the studio refuses for its shape fails it, the cases
// refused only by a check JSON Schema cannot say being listed below with the reason.

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publishedSchemas, schemaText } from '../../scripts/docs-schemas/published-schemas';
import { MAPPING_FORMAT, serializeMappingPreset } from '../../shared/formats/importers/mapping-preset';
import { INVITATION_FORMAT, serializeInvitation } from '../../shared/sync/invitation';
import { toLabelDoc } from '../../shared/sync/sync-docs';
import { bases, hostileCases } from '../hostile/generate';
import { tamperBases, tamperCases } from '../hostile/tamper';

const REPO = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, REPO), 'utf8');
const schemas = publishedSchemas();
const ajv = new Ajv2020({ allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>([...schemas].map(([file, schema]) => [file, ajv.compile(schema)]));

function validate(file: string, value: unknown): string[] {
  const check = validators.get(file);
  if (check === undefined) throw new Error(`no published schema ${file}`);
  return check(value) ? [] : (check.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}

describe('the published JSON Schemas', () => {
  it('equal what npm run docs:schemas writes now, one file per format', () => {
    const written = readdirSync(new URL('docs/schemas/', REPO)).sort();
    expect(written).toEqual([...schemas.keys()].sort());
    for (const [file, schema] of schemas) expect(read(`docs/schemas/${file}`), `docs/schemas/${file}: run npm run docs:schemas`).toBe(schemaText(schema));
    console.log(`published schemas: ${written.join(', ')}`);
  });

  it('each says what the file is, its format string and where the document describes it', () => {
    for (const [file, schema] of schemas) {
      expect(schema.$id, file).toBe(`https://agreement-studio.local/docs/schemas/${file}`);
      expect(String(schema.title), file).toMatch(/^Agreement Studio /);
      expect(String(schema.description), file).toMatch(/docs\/formats\.md#[a-z-]+\.$/);
      expect(String(schema.description), file).toContain('The studio checks more than this schema');
    }
  });
});

/** A valid file of each format: the fixtures and assets, and what the studio itself writes. */
function validFiles(): Array<{ name: string; schema: string; value: unknown }> {
  const base = bases();
  const tampered = tamperBases();
  const json = (name: string, schema: string, text: string) => ({ name, schema, value: JSON.parse(text) as unknown });
  return [
    json('assets/demo-study.json', 'transcript-bundle.schema.json', read('assets/demo-study.json')),
    ...['full.jsonl', 'bom-crlf.jsonl'].flatMap((file) =>
      (documentsOf('bundle-jsonl', new TextEncoder().encode(read(`test/fixtures/bundles/valid/${file}`))) ?? [undefined]).map((value, index) => ({
        name: `test/fixtures/bundles/valid/${file}, record ${index + 1}`,
        schema: 'transcript-bundle-line.schema.json',
        value,
      })),
    ),
    ...['full.json', 'html-payloads.json'].map((file) =>
      json(`test/fixtures/bundles/valid/${file}`, 'transcript-bundle.schema.json', read(`test/fixtures/bundles/valid/${file}`)),
    ),
    { name: "the hostile suite's bundle", schema: 'transcript-bundle.schema.json', value: base.bundle },
    { name: "the hostile suite's pack", schema: 'pack.schema.json', value: base.pack },
    { name: "the demo study's pack", schema: 'pack.schema.json', value: base.demoPack },
    { name: "the hostile suite's label file", schema: 'label-file.schema.json', value: base.labelFile },
    json("the tamper suite's backup", 'backup.schema.json', tampered.backup),
    json("the tamper suite's label file", 'label-file.schema.json', tampered['labels-json']),
    json("the tamper suite's pack", 'pack.schema.json', tampered.pack),
    json(
      'a mapping preset',
      'mapping-preset.schema.json',
      serializeMappingPreset({
        format: MAPPING_FORMAT,
        name: 'Lab transcripts',
        records: { path: 'data.rows' },
        fields: { session: 'game', puzzleId: 'pid', story: 'surface', reference: 'truth', turnKind: 'kind', question: 'utterance', judgeLabel: 'verdict' },
        turnKinds: { question: ['ask'], final: ['guess'] },
        constants: { player: 'player-m', judge: 'judge-m' },
        raters: [{ field: 'rater_a', id: 'ann-a', name: 'Rater A' }],
        values: { rater_a: { question: { Y: 'yes', N: 'no' } } },
      }),
    ),
    json(
      'an invitation',
      'invitation.schema.json',
      serializeInvitation({
        format: INVITATION_FORMAT,
        server: 'https://couch.example.org/',
        database: 'as-pilot-ann-01-0123456789',
        user: 'as-pilot-ann-01-0123456789',
        password: 'a long secret',
        study: { id: 'pilot', name: 'Pilot study' },
        annotator: { id: 'ann-01', name: 'Annotator One' },
        createdAt: '2026-11-24T10:00:00.000Z',
      }),
    ),
    {
      name: 'a team server label document',
      schema: 'team-label-document.schema.json',
      value: toLabelDoc({
        studyId: 'pilot',
        annotatorId: 'ann-01',
        unitId: 't-1',
        task: 'answer',
        value: 'no',
        acceptable: ['no', 'irrelevant'],
        at: '2026-11-24T10:05:00.000Z',
        createdAt: '2026-11-24T10:04:00.000Z',
        ms: 1200,
        rev: 2,
        unsure: true,
        note: 'the story is unclear',
      }),
    },
  ];
}

describe('a valid file of every format', () => {
  it('passes its published schema', () => {
    const files = validFiles();
    for (const file of files) expect(validate(file.schema, file.value), file.name).toEqual([]);
    const formats = new Set(files.map((file) => file.schema));
    expect([...formats].sort()).toEqual([...schemas.keys()].sort());
    console.log(`published schemas: ${files.length} valid files of ${formats.size} formats pass`);
  });

  it('of another version fails, as the studio refuses it', () => {
    for (const file of ['old-version/transcripts-v0.json', 'newer-version/transcripts-v2.json'])
      expect(validate('transcript-bundle.schema.json', JSON.parse(read(`test/fixtures/bundles/${file}`))).join('\n'), file).toContain('/format');
  });
});

/** The schema of each kind of the hostile suites that is one JSON document. */
const SCHEMA_OF: Readonly<Record<string, string>> = {
  'bundle-json': 'transcript-bundle.schema.json',
  'bundle-jsonl': 'transcript-bundle-line.schema.json',
  pack: 'pack.schema.json',
  'labels-json': 'label-file.schema.json',
  backup: 'backup.schema.json',
};

/** Hostile kinds no published schema covers, and why. */
const OTHER_KINDS: Readonly<Record<string, string>> = {
  'labels-csv': 'a CSV file, not JSON',
  'reliability-csv': 'a CSV file, not JSON',
};

const REFERENCES =
  'a reference to a record the file holds (a task to a turn of its type, a turn to its session): JSON Schema cannot compare two places of a file';

/** `reason` for each of `keys`. */
const because = (reason: string, ...keys: string[]) => Object.fromEntries(keys.map((key) => [key, reason]));

/**
 * Why a refused file passes its schema, by the case's name, or its category (hostile suite) or
 * rule (tamper suite): the studio refuses it by a check JSON Schema cannot say. The test fails
 * when a case passes for a reason not listed here, and when an entry here no longer has a case.
 */
const BEYOND_JSON_SCHEMA: Readonly<Record<string, string>> = {
  ...because(
    "ids unique across the file: JSON Schema's uniqueItems compares whole items, not one member of them",
    'duplicate-id',
    'test/fixtures/bundles/hostile/duplicate-ids.json',
  ),
  ...because(REFERENCES, 'unknown-unit', 'test/fixtures/bundles/hostile/missing-puzzle.json'),
  ...because('the SHA-256 of the rest of the file: JSON Schema cannot compute a checksum', 'bad-checksum'),
  ...because(
    'a member given twice in one object: a JSON parser keeps one of them, so a schema sees only that; the studio reads the text for it',
    'duplicate-member',
  ),
  ...because(
    REFERENCES,
    'tamper-backup-unit-missing.backup.json',
    'tamper-backup-unit-wrong-kind.backup.json',
    'tamper-backup-turn-without-session.backup.json',
    'tamper-backup-annotator-missing.backup.json',
    'tamper-backup-gold-missing-unit.backup.json',
  ),
  ...because('an empty JSONL bundle: a schema of one line cannot say that the file must hold one', 'bundle-truncated-empty.jsonl'),
  ...because('a header line after the first line: a schema of one line cannot say where the line stands', 'bundle-wrong-type-late-header.jsonl'),
  ...because('a count that must equal the number of records the file holds', 'tamper-backup-counts.backup.json', 'tamper-backup-turn-count.backup.json'),
  ...because(
    '"unknown" in a study whose scheme has no unknown: which values a label may take depends on study.scheme, another place of the file',
    'tamper-backup-label-unknown.backup.json',
    'tamper-backup-gold-unknown.backup.json',
    'tamper-backup-judge-unknown.backup.json',
  ),
};

/** Categories whose files are not built here, and why: the refusal is of the file's size, before its JSON. */
const NOT_BUILT: Readonly<Record<string, string>> = {
  'size-100mb': 'a file or string of 100 MB, refused by its size before it is read',
  'size-over-limit': 'a file over the size limit, refused by its size before it is read',
};

/**
 * The JSON documents of a file: the whole file, or for JSONL each line that is not blank (as
 * transcript-jsonl.ts reads them); undefined when one is not UTF-8 JSON (refused before any schema applies).
 */
function documentsOf(kind: string, bytes: Uint8Array): unknown[] | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    const documents = kind === 'bundle-jsonl' ? text.split('\n').filter((line) => line.trim() !== '') : [text];
    return documents.map((document) => JSON.parse(document) as unknown);
  } catch {
    return undefined;
  }
}

describe('every hostile file the studio refuses for its shape (the hostile and tamper suites, test/fixtures/bundles/hostile)', () => {
  it('fails its published schema, or is listed with the check JSON Schema cannot say', () => {
    const hostile = hostileCases()
      .filter((one) => one.expect.outcome === 'rejected' && one.expect.stage === 'parse')
      .map((one) => ({ name: one.name, kind: one.kind, why: one.category, bytes: one.bytes }));
    const fixtures = readdirSync(new URL('test/fixtures/bundles/hostile/', REPO)).map((file) => ({
      name: `test/fixtures/bundles/hostile/${file}`,
      kind: file.endsWith('.jsonl') ? 'bundle-jsonl' : 'bundle-json',
      why: 'fixture',
      bytes: () => readFileSync(new URL(`test/fixtures/bundles/hostile/${file}`, REPO)),
    }));
    const tampered = tamperCases().map((one) => ({ name: one.name, kind: one.kind, why: one.rule, bytes: one.bytes }));
    const tally = { failed: 0, notJson: 0, notBuilt: 0, otherKind: 0 };
    // Reason -> the cases it explains; and which entries of BEYOND_JSON_SCHEMA explained one.
    const beyond = new Map<string, string[]>();
    const used = new Set<string>();
    const unexplained: string[] = [];
    for (const one of [...hostile, ...tampered, ...fixtures]) {
      const schema = SCHEMA_OF[one.kind];
      if (schema === undefined) {
        expect(OTHER_KINDS[one.kind], one.kind).toBeDefined();
        tally.otherKind++;
        continue;
      }
      if (NOT_BUILT[one.why] !== undefined) {
        tally.notBuilt++;
        continue;
      }
      const documents = documentsOf(one.kind, one.bytes());
      if (documents === undefined) tally.notJson++;
      else if (documents.some((document) => validate(schema, document).length > 0)) tally.failed++;
      else {
        const key = [one.name, one.why].find((candidate) => BEYOND_JSON_SCHEMA[candidate] !== undefined);
        if (key === undefined) unexplained.push(`${one.name} (${one.why}) passes ${schema}`);
        else {
          used.add(key);
          const reason = BEYOND_JSON_SCHEMA[key] ?? key;
          beyond.set(reason, [...(beyond.get(reason) ?? []), one.name]);
        }
      }
    }
    expect(unexplained).toEqual([]);
    expect([...used].sort()).toEqual(Object.keys(BEYOND_JSON_SCHEMA).sort());
    console.log(
      `published schemas: of the refused hostile files, ${tally.failed} fail their schema, ${tally.notJson} are not UTF-8 JSON, ` +
        `${tally.otherKind} are of a kind without a schema (CSV), ${tally.notBuilt} are refused by size; ` +
        `${[...beyond.values()].flat().length} pass, refused only by a check JSON Schema cannot say:\n` +
        [...beyond].map(([reason, names]) => `  ${names.join(', ')}: ${reason}`).join('\n'),
    );
    expect(tally.failed).toBeGreaterThan(0);
  });
});
