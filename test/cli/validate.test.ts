// The `validate` command, run in-process on the fixtures and on files written for each test: valid
// files are counted, errors in bundles, label files, CSVs, puzzle lists and JSONL are located, non-text,
// oversized and non-UTF-8 files are refused, and the exit code is 1 on any invalid file, 2 on bad usage.

import { readdirSync, rmSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLabelFile, serializeLabelFile } from '../../shared/formats/label-file';
import { INVITATION_FORMAT, serializeInvitation } from '../../shared/sync/invitation';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const fixtures = 'test/fixtures/bundles';
const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = scratchWriter(dir);

/** Every file of a fixture folder; a missing or empty folder fails the test instead of passing vacuously. */
function filesIn(folder: string): string[] {
  const files = readdirSync(join(fixtures, folder), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(fixtures, folder, entry.name));
  expect(files.length, `${folder} holds no fixtures`).toBeGreaterThan(0);
  return files;
}

const labelFile = buildLabelFile({
  studyId: 'demo-study',
  annotator: { id: 'ann-01', name: 'Annotator 1' },
  exportedAt: '2026-11-22T10:00:00Z',
  app: 'agreement-studio 0.1.0',
  labels: [
    { unit: 's-1/1', task: 'answer', value: 'no', at: '2026-11-22T09:12:03Z', ms: 5400, rev: 1, unsure: false, note: '' },
    { unit: 'p-1', task: 'difficulty', value: 4, at: '2026-11-22T09:10:00Z', ms: 9000, rev: 1, unsure: false, note: '' },
  ],
});

describe('agreement-studio validate', () => {
  it('accepts the demo study and prints counts', async () => {
    const run = await runCli('validate', 'assets/demo-study.json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^OK {2}assets\/demo-study\.json: \d+ puzzles, \d+ sessions, \d+ turns \(\d+ questions, \d+ finals\)\n$/);
  });

  it('accepts every valid bundle fixture', async () => {
    for (const file of filesIn('valid')) {
      const run = await runCli('validate', file);
      expect(run.stderr, file).toBe('');
      expect(run.code, file).toBe(0);
      expect(run.stdout).toContain(`OK  ${file}: `);
    }
  });

  it.each(['hostile', 'old-version', 'newer-version'])('rejects every %s fixture with a located error', async (folder) => {
    for (const file of filesIn(folder)) {
      const run = await runCli('validate', file);
      expect(run.code, file).toBe(1);
      expect(run.stdout, file).toBe('');
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines.length, file).toBeGreaterThan(0);
      // formatErrorText: "file: line N: path: message", the file always first.
      for (const line of lines) expect(line.startsWith(`${file}: `), `${file}: ${line}`).toBe(true);
      if (folder !== 'hostile') expect(run.stderr, file).toMatch(/newer|older|version/);
    }
  });

  it('checks label files and label CSVs, and locates their errors', async () => {
    const good = write('ann-01.labels.json', serializeLabelFile(labelFile));
    const tampered = write('tampered.labels.json', serializeLabelFile(labelFile).replace('"value":"no"', '"value":"yes"'));
    const csv = write('lead.csv', 'annotator,unit,task,value\r\nann-1,s-1/1,answer,yes\r\nann-2,s-1/1,answer,"No."\r\n');
    const badCsv = write('bad.csv', 'unit,annotator,task,value\ns-1/1,ann-1,answer,yes\ns-1/2,ann-1,answer,perhaps\n');
    let run = await runCli('validate', good, csv);
    expect(run).toEqual({
      code: 0,
      stdout: `OK  ${good}: 2 labels (1 answer, 1 difficulty) by ann-01 for study demo-study\nOK  ${csv}: 2 labels (2 answer) by 2 annotators\n`,
      stderr: '',
    });
    run = await runCli('validate', tampered);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${tampered}: sha256: the file is damaged or was edited: checksum mismatch\n`);
    run = await runCli('validate', badCsv);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${badCsv}: line 3: value: expected an answer label: yes, no or irrelevant, got the text "perhaps"\n`);
  });

  it('checks every file, reports each invalid one, and exits 1 if any is invalid', async () => {
    const missing = join(dir, 'no-such-file.json');
    const run = await runCli('validate', 'assets/demo-study.json', missing, dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^OK {2}assets\/demo-study\.json/);
    expect(run.stderr).toBe(`${missing}: no such file\n${dir}: is a folder; name the files inside it\n2 of 3 files are invalid\n`);
  });

  it('locates an error in a puzzle list by puzzle number, id and field', async () => {
    const list = write(
      'list.json',
      JSON.stringify([
        { id: 'A', story: 's', answer: 'a' },
        { id: 'B', story: 's' },
      ]),
    );
    const run = await runCli('validate', list);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${list}: puzzle 2 (id B), field answer: required; expected text`);
  });

  it('refuses an image or a spreadsheet as not a text file, saying what it looks like', async () => {
    const png = write('screenshot.json', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    const xlsx = write('labels.csv', new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('[Content_Types].xml xl/workbook.xml')]));
    const run = await runCli('validate', png, xlsx);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${png}: not a text file (it looks like a PNG image); choose the JSON, JSONL or CSV file instead`);
    expect(run.stderr).toContain(`${xlsx}: not a text file (it looks like an Excel workbook); choose the JSON, JSONL or CSV file instead`);
  });

  it('refuses a file over the size limit from its size alone, and text that is not UTF-8', async () => {
    const huge = write('huge.json', '');
    truncateSync(huge, 201 * 1024 * 1024);
    const notText = write('binary.json', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    const run = await runCli('validate', huge, notText);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${huge}: file is 201.0 MB; the limit is 200 MB`);
    // 0x7B is '{'; the 0xFF after it begins no UTF-8 sequence.
    expect(run.stderr).toContain(`${notText}: line 1: not UTF-8 text (column 2): the byte 0xFF at offset 1 is not valid UTF-8; save the file as UTF-8`);
  });

  it('checks a pack for real, says reports cannot be validated yet, and names an unknown format', async () => {
    const pack = write('a.pack.json', '{"format":"agreement-studio.pack/1"}');
    const report = write('r.json', '{"format":"agreement-studio.report/1","tables":{}}');
    const other = write('other.json', '{"format":"someone-else/3"}');
    const reliability = write('ratings.csv', 'unit,rater,value\nu1,A,1\n');
    const run = await runCli('validate', pack, report, other, reliability);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${pack}: sha256: missing checksum: the pack is damaged or was edited`);
    expect(run.stderr).toContain(`${report}: validation of reports is not supported yet in this version`);
    expect(run.stderr).toContain(`${other}: cannot tell what kind of file this is`);
    expect(run.stderr).toContain(`${reliability}: the CSV header has no annotator column`);
  });

  it('checks an invitation, naming where it leads and never its password', async () => {
    const invitation = {
      format: INVITATION_FORMAT,
      server: 'https://couch.example.org/',
      database: 'as-demo-ann-01-0123456789',
      user: 'as-demo-ann-01-0123456789',
      password: 'pw-never-printed',
      study: { id: 'demo-study', name: 'Demo' },
      annotator: { id: 'ann-01', name: 'A' },
      createdAt: '2026-11-22T10:00:00Z',
    } as const;
    const good = write('ann-01.invitation.json', serializeInvitation(invitation));
    const bad = write('bad.invitation.json', serializeInvitation({ ...invitation, server: 'http://couch.example.org/' }));
    let run = await runCli('validate', good);
    expect(run).toEqual({
      code: 0,
      stdout: `OK  ${good}: invitation for ann-01 to study demo-study, database as-demo-ann-01-0123456789 on https://couch.example.org/\n`,
      stderr: '',
    });
    run = await runCli('validate', bad);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${bad}: server: the server address must start with https://`);
    expect(run.stderr + run.stdout).not.toContain('pw-never-printed');
  });

  it('reads JSONL bundles through the transcript parser, locating errors by line', async () => {
    const jsonl = write(
      'bundle.jsonl',
      [
        '{"type":"header","format":"agreement-studio.transcripts/1","name":"Tiny"}',
        '{"type":"puzzle","id":"p-1","story":"A synthetic story.","reference":"A synthetic answer."}',
        '{"type":"session","id":"s-1","puzzleId":"p-1","player":"m-a","judge":"m-j","turns":[{"id":"s-1/1","type":"question","text":"Is it synthetic?","judgements":{"m-j":"Yes."}}]}',
      ].join('\n'),
    );
    const broken = write('broken.jsonl', '{"type":"header","format":"agreement-studio.transcripts/1"}\n{"type":"puzzle", nope}\n');
    let run = await runCli('validate', jsonl);
    expect(run).toEqual({ code: 0, stdout: `OK  ${jsonl}: 1 puzzle, 1 session, 1 turn (1 question, 0 finals)\n`, stderr: '' });
    run = await runCli('validate', broken);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 2: `));
  });

  it('exits 2 on bad usage', async () => {
    let run = await runCli('validate');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('agreement-studio validate: name at least one FILE to check');
    run = await runCli('validate', '--strict-ish', 'assets/demo-study.json');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown option '--strict-ish'");
    run = await runCli('validate', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: agreement-studio validate FILE...');
  });
});
