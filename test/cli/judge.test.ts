// `agreement-studio judge` in-process against the loopback server (issue 17 point 5): the bundle
// written with the judge's labels on the labelled turns, the run record on stdout, a rerun with
// the same settings asking nothing, a rerun with other settings refused naming what differs,
// failed items left unlabelled with exit 1 and asked again by a rerun, replies cut off at max
// tokens counted apart with what to do (issue 26), prompt files, usage mistakes, the API key
// found in no output, bundle or journal, and an endpoint that redirects refused by the address it
// names, the server it points to asked nothing (issue 27); and a judge name the transcripts already
// hold refused, their settings being unknown, unless --judge-name replaces it or keeps the run apart (issue 28).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLabelFile, serializeLabelFile } from '../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { API_KEY_VARIABLE } from '../../cli/commands/judge';
import { defaultReply, startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { judgeStudyBundle } from '../shared/judge-run/judge-study';
import { runCli, scratchDir, scratchWriter, type CliRun } from './run-cli';

const KEY = 'sk-cli-test-key-9f8e7d6c5b4a';

let server: FakeChatServer;
const dir = scratchDir();
const write = scratchWriter(dir);
const bundle = write(
  'study.json',
  judgeStudyBundle([
    {
      id: 's1',
      turns: [
        { id: 'q1', type: 'question', judgements: { 'model-j': 'yes' } },
        { id: 'q2', type: 'question', fake: 'say=Yes, because the room is dark' },
        { id: 'q3', type: 'question', fake: 'say=Who can say' },
        { id: 'f1', type: 'final' },
        { id: 'q4', type: 'question' },
      ],
    },
  ]),
);
const labels = write(
  'ann.labels.json',
  serializeLabelFile(
    buildLabelFile({
      studyId: 'judge-study',
      annotator: { id: 'ann', name: 'Ann' },
      exportedAt: '2026-11-24T10:00:00.000Z',
      app: 'test',
      labels: ['q1', 'q2', 'q3'].map((unit) => ({ unit, task: 'answer', value: 'yes', at: '2026-11-24T10:00:00.000Z', rev: 1, unsure: false, note: '' })),
    }),
  ),
);

beforeAll(async () => {
  server = await startFakeChatServer();
  process.env[API_KEY_VARIABLE] = KEY;
});
afterAll(async () => {
  delete process.env[API_KEY_VARIABLE];
  await server.close();
});

const judge = (out: string, ...more: string[]) => runCli('judge', '--transcripts', bundle, '--endpoint', server.url, '--model', 'fake', '--out', out, ...more);

function judgementsOf(path: string): Record<string, Record<string, string>> {
  const parsed = parseTranscriptBundle({ name: path, text: readFileSync(path, 'utf8') });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return Object.fromEntries(parsed.value.turns.map((turn) => [turn.id, turn.judgements]));
}

function expectNoKey(run: CliRun, ...files: string[]) {
  expect(run.stdout).not.toContain(KEY);
  expect(run.stderr).not.toContain(KEY);
  for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain(KEY);
}

describe('agreement-studio judge', () => {
  it('labels the turns people labelled, writes the record, and keeps the key out of every output', async () => {
    const out = join(dir, 'labelled.json');
    const run = await judge(out, '--only-labelled', labels);
    expect(run.stderr).toContain(`wrote ${out}: 3 turns labelled by fake@studio-1, 1 unparseable`);
    expect(run.code).toBe(0);
    expect(judgementsOf(out)).toEqual({
      q1: { 'model-j': 'yes', 'fake@studio-1': defaultReply('q1') === 'Yes' ? 'yes' : 'no' },
      q2: { 'fake@studio-1': 'yes' },
      q3: { 'fake@studio-1': 'unparseable' },
      f1: {},
      q4: {},
    });
    const record = JSON.parse(run.stdout);
    expect(record).toMatchObject({
      judge: 'fake@studio-1',
      model: 'fake',
      prompt: { name: 'studio-1' },
      endpoint: server.url,
      parameters: { temperature: 0, maxTokens: 4096, samples: 1, concurrency: 4, rpm: null, timeoutSeconds: 60 },
      selection: 'labelled',
      cancelled: false,
      counts: { items: 3, alreadyAnswered: 0, answered: 3, failed: 0, turnsLabelled: 3, unparseable: 1 },
      selfAgreement: null,
      failures: [],
    });
    expect(record.prompt.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(server.log.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expectNoKey(run, out, `${out}.judge-journal.jsonl`);
    // The written bundle goes straight into the report, the new judge beside the study's own.
    const report = await runCli('report', '--transcripts', out, '--labels', labels, '--bootstrap', '0');
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('judge:fake@studio-1');
    expect(report.stdout).toContain('judge:model-j');
  });

  it('keeps every sample and, with --logprobs, the probability of each label, which the report calibrates', async () => {
    const out = join(dir, 'confident.json');
    const run = await judge(out, '--only-labelled', labels, '--samples', '3', '--temperature', '0.7', '--logprobs');
    expect(run.code).toBe(0);
    const asked = server.log.filter((request) => request.body.includes('"logprobs":true'));
    expect(asked.length).toBeGreaterThanOrEqual(9);
    expect(JSON.parse(asked[0]?.body ?? '{}')).toMatchObject({ logprobs: true, top_logprobs: 10 });
    const parsed = parseTranscriptBundle({ name: out, text: readFileSync(out, 'utf8') });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const q1 = parsed.value.turns.find((turn) => turn.id === 'q1');
    const label = defaultReply('q1') === 'Yes' ? 'yes' : 'no';
    // The fake server says its verdict at probability 0.9, its opposite at 0.1.
    expect(q1?.judgeConfidence?.['fake@studio-1']?.samples).toEqual([label, label, label]);
    expect(q1?.judgeConfidence?.['fake@studio-1']?.probability).toBeCloseTo(0.9, 12);
    // An unreadable reply has no verdict to read a probability of, and keeps its samples alone.
    expect(parsed.value.turns.find((turn) => turn.id === 'q3')?.judgeConfidence?.['fake@studio-1']).toEqual({
      samples: ['unparseable', 'unparseable', 'unparseable'],
    });
    const report = JSON.parse((await runCli('report', '--transcripts', out, '--labels', labels, '--bootstrap', '0')).stdout) as {
      judges?: { calibration?: Array<{ judge: string; source: string; n: number }> };
    };
    expect(report.judges?.calibration?.filter((row) => row.judge === 'fake@studio-1').map((row) => row.source)).toEqual(['samples', 'log-probabilities']);
  });

  it('asks again without log-probabilities when the endpoint refuses them, and keeps the labels', async () => {
    const refusing = write(
      'refusing.json',
      judgeStudyBundle([
        {
          id: 's9',
          turns: [
            { id: 'r1', type: 'question', fake: 'rejectlogprobs' },
            { id: 'r2', type: 'question', fake: 'rejectlogprobs' },
          ],
        },
      ]),
    );
    const out = join(dir, 'refused.json');
    const run = await runCli('judge', '--transcripts', refusing, '--endpoint', server.url, '--model', 'fake', '--out', out, '--logprobs', '--concurrency', '1');
    expect(run.code).toBe(0);
    const parsed = parseTranscriptBundle({ name: out, text: readFileSync(out, 'utf8') });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.value.turns.map((turn) => turn.judgements['fake@studio-1'])).toEqual(['r1', 'r2'].map((id) => (defaultReply(id) === 'Yes' ? 'yes' : 'no')));
    expect(parsed.value.turns.every((turn) => turn.judgeConfidence === undefined)).toBe(true);
    // Refused once; the second item was asked without from the start.
    const requests = server.log.filter((request) => request.item === 'r1' || request.item === 'r2');
    expect(requests.map((request) => [request.item, request.status, request.body.includes('"logprobs":true')])).toEqual([
      ['r1', 400, true],
      ['r1', 200, false],
      ['r2', 200, false],
    ]);
  });

  it('resumes from the journal: a rerun with the same settings asks nothing again', async () => {
    const out = join(dir, 'rerun.json');
    const first = await judge(out, '--samples', '2');
    expect(first.code).toBe(0);
    const asked = server.log.length;
    const second = await judge(out, '--samples', '2', '--concurrency', '1');
    expect(second.code).toBe(0);
    expect(server.log.length).toBe(asked);
    expect(JSON.parse(second.stdout).counts).toMatchObject({ items: 10, alreadyAnswered: 10, answered: 0 });
    expect(JSON.parse(second.stdout).selfAgreement).toBe(1);
    expect(judgementsOf(out).f1).toEqual({ 'fake@studio-1': defaultReply('f1') === 'Yes' ? 'matched' : 'unmatched' });
  });

  it('refuses a rerun with other settings, naming what differs', async () => {
    const out = join(dir, 'changed.json');
    expect((await judge(out, '--sample', '2', '--seed', '3')).code).toBe(0);
    const changed = await judge(out, '--sample', '2', '--seed', '4', '--temperature', '0.5');
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain(`${out}.judge-journal.jsonl was written by a run with other settings`);
    expect(changed.stderr).toContain('temperature was 0, now 0.5');
    expect(changed.stderr).toContain('turns asked was "sample 2 seed 3", now "sample 2 seed 4"');
  });

  it('leaves failed items unlabelled with their reasons, exits 1, and a rerun asks only them', async () => {
    const failing = write(
      'failing.json',
      judgeStudyBundle([
        {
          id: 's1',
          turns: [
            { id: 'ok', type: 'question' },
            { id: 'bad', type: 'question', fake: 'malformed' },
          ],
        },
      ]),
    );
    const out = join(dir, 'failing-out.json');
    const run = () => runCli('judge', '--transcripts', failing, '--endpoint', server.url, '--model', 'fake', '--out', out);
    const first = await run();
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('bad#0: the endpoint answered with something that is not JSON');
    expect(first.stderr).toContain('1 items failed and are left unlabelled; rerun the same command to ask them again');
    expect(judgementsOf(out)).toEqual({ ok: { 'fake@studio-1': defaultReply('ok') === 'Yes' ? 'yes' : 'no' }, bad: {} });
    const before = server.log.length;
    const second = await run();
    expect(second.code).toBe(0);
    expect(server.log.slice(before).map((request) => request.item)).toEqual(['bad']);
    expect(Object.keys(judgementsOf(out).bad ?? {})).toEqual(['fake@studio-1']);
  });

  it('refuses an endpoint that redirects, naming where to, and sends the other server nothing', async () => {
    const origin = new URL(server.url).origin;
    const redirecting = await startFakeChatServer({ redirectTo: origin });
    try {
      const before = server.log.length;
      const out = join(dir, 'redirected.json');
      const run = await runCli('judge', '--transcripts', bundle, '--endpoint', redirecting.url, '--model', 'fake', '--out', out);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `the endpoint answered with a redirect to ${origin}/v1/chat/completions; the studio does not follow redirects: use the final address`,
      );
      expect(run.stderr + run.stdout).not.toMatch(/fetch failed|Failed to fetch|cannot reach/);
      expect(redirecting.log.length).toBeGreaterThan(0);
      expect(server.log.length).toBe(before);
      expectNoKey(run);
    } finally {
      await redirecting.close();
    }
  });

  it('reads reasoning judges, streams and Chinese verdicts, and says how many replies were cut off at max tokens and what to do', async () => {
    const reasoning = write(
      'reasoning.json',
      judgeStudyBundle([
        {
          id: 's1',
          turns: [
            { id: 'thinks', type: 'question', fake: 'think' },
            { id: 'apart', type: 'question', fake: 'reasoning,sse' },
            { id: 'zh', type: 'final', fake: 'zhmatch' },
            { id: 'cut', type: 'question', fake: 'cut' },
            { id: 'cut-apart', type: 'final', fake: 'cut,reasoning,sse' },
          ],
        },
      ]),
    );
    const out = join(dir, 'reasoning-out.json');
    const run = await runCli('judge', '--transcripts', reasoning, '--endpoint', server.url, '--model', 'fake', '--out', out, '--max-tokens', '256');
    expect(run.code).toBe(0);
    const yesNo = (id: string) => (defaultReply(id) === 'Yes' ? 'yes' : 'no');
    expect(judgementsOf(out)).toEqual({
      thinks: { 'fake@studio-1': yesNo('thinks') },
      apart: { 'fake@studio-1': yesNo('apart') },
      zh: { 'fake@studio-1': defaultReply('zh') === 'Yes' ? 'matched' : 'unmatched' },
      cut: {},
      'cut-apart': {},
    });
    expect(run.stderr).toContain(`wrote ${out}: 3 turns labelled by fake@studio-1, 0 unparseable, 2 cut off at 256 tokens`);
    expect(run.stderr).toContain('2 replies were cut off at --max-tokens 256 before a verdict and give no label');
    const record = JSON.parse(run.stdout);
    expect(record.counts).toMatchObject({ answered: 5, failed: 0, cutOff: 2, unparseable: 0 });
    expect(record.cutOff.map((entry: { turnId: string; reason: string }) => [entry.turnId, entry.reason])).toEqual([
      ['cut', 'cut off at 256 tokens before a verdict (raise Max tokens: a reasoning model thinks first)'],
      ['cut-apart', 'cut off at 256 tokens before a verdict (raise Max tokens: a reasoning model thinks first)'],
    ]);
    // The cut-off replies stay in the journal, as written, with why they ended.
    const journal = readFileSync(`${out}.judge-journal.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line));
    expect(journal.find((entry) => entry.turnId === 'cut-apart')).toMatchObject({ reply: '', finishReason: 'length', tokensOut: 256 });
    expect(journal.find((entry) => entry.turnId === 'cut-apart').reasoning).toMatch(/^The story says/);
  });

  it('takes a prompt file, names the judge after it, and refuses an unknown placeholder', async () => {
    const prompt = write(
      'mine.json',
      JSON.stringify({ name: 'terse-2', question: 'Story: {{story}}\nQ: {{question}}', final: 'Story: {{story}}\nA: {{finalAnswer}}' }),
    );
    const out = join(dir, 'mine-out.json');
    const run = await judge(out, '--prompt', prompt, '--sample', '1');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).judge).toBe('fake@terse-2');
    expect(server.log.at(-1)?.body).toContain('Story: A woman reads a novel');
    const typo = write('typo.json', JSON.stringify({ name: 'typo', question: '{{questoin}}', final: '{{finalAnswer}}' }));
    const refused = await judge(join(dir, 'typo-out.json'), '--prompt', typo);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('"question" has an unknown placeholder {{questoin}}');
    const missing = await judge(join(dir, 'none.json'), '--prompt', 'no-such-prompt');
    expect(missing.stderr).toContain(
      'is neither a built-in prompt or one the transcripts brought (studio-1, studio-1 (order swapped), turtlebench) nor a readable file',
    );
  });

  it("takes by name a benchmark's own judge prompt the transcripts brought, as the app lists it", async () => {
    const document = JSON.parse(readFileSync(bundle, 'utf8'));
    document.judgePrompts = [
      {
        name: 'Bench judge (config.yaml)',
        source: 'config.yaml: prompt.prompt_judge_init',
        question: 'Bench story: {{story}}\nQ: {{question}}',
        final: 'Bench story: {{story}}\nA: {{finalAnswer}}',
      },
    ];
    const brought = write('brought.json', JSON.stringify(document));
    const out = join(dir, 'brought-out.json');
    const run = await runCli(
      'judge',
      '--transcripts',
      brought,
      '--endpoint',
      server.url,
      '--model',
      'fake',
      '--out',
      out,
      '--prompt',
      'Bench judge (config.yaml)',
      '--sample',
      '1',
    );
    expect(run.stderr).not.toContain('agreement-studio judge:');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).judge).toBe('fake@Bench judge (config.yaml)');
    expect(server.log.at(-1)?.body).toContain('Bench story: A woman reads a novel');
    const elsewhere = await judge(join(dir, 'elsewhere.json'), '--prompt', 'Bench judge (config.yaml)');
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain('is neither a built-in prompt or one the transcripts brought');
  });

  it('refuses to judge again under a name the transcripts already hold, unless --judge-name says to replace or keep apart', async () => {
    const first = join(dir, 'k1.json');
    expect((await judge(first, '--sample', '2')).code).toBe(0);
    const again = (out: string, ...more: string[]) =>
      runCli('judge', '--transcripts', first, '--endpoint', server.url, '--model', 'fake', '--out', out, '--sample', '2', ...more);
    const asked = server.log.length;
    const refused = await again(join(dir, 'k3.json'), '--samples', '3');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${first} already holds labels of the judge "fake@studio-1"`);
    expect(refused.stderr).toContain('--judge-name fake@studio-1~2');
    expect(server.log.length).toBe(asked);

    const apart = join(dir, 'k3.json');
    const kept = await again(apart, '--samples', '3', '--judge-name', 'fake@studio-1~2');
    expect(kept.code).toBe(0);
    expect(JSON.parse(kept.stdout)).toMatchObject({ judge: 'fake@studio-1~2', parameters: { samples: 3 } });
    const both = Object.values(judgementsOf(apart)).filter((judgements) => 'fake@studio-1' in judgements);
    expect(both).toHaveLength(2);
    for (const judgements of both) expect(judgements['fake@studio-1~2']).toBe(judgements['fake@studio-1']);

    const replaced = join(dir, 'replaced.json');
    expect((await again(replaced, '--judge-name', 'fake@studio-1')).code).toBe(0);
    const names = new Set(Object.values(judgementsOf(replaced)).flatMap((judgements) => Object.keys(judgements)));
    expect(names).toEqual(new Set(['model-j', 'fake@studio-1']));
    expect((await again(join(dir, 'bad-name.json'), '--judge-name', 'a\u202eb')).stderr).toContain('--judge-name: the judge');
  });

  it('refuses label files of another study unless --any-study is given', async () => {
    const other = write('other.json', readFileSync(bundle, 'utf8').replace('"judge-study"', '"other-study"'));
    const run = (...more: string[]) =>
      runCli(
        'judge',
        '--transcripts',
        other,
        '--endpoint',
        server.url,
        '--model',
        'fake',
        '--out',
        join(dir, 'other-out.json'),
        '--only-labelled',
        labels,
        ...more,
      );
    const refused = await run();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('labels of another study are only used with --any-study');
    const accepted = await run('--any-study');
    expect(accepted.code).toBe(0);
    expect(JSON.parse(accepted.stdout).counts.items).toBe(3);
  });

  it('refuses a key given as an argument and other usage mistakes, with exit 2', async () => {
    const key = await judge(join(dir, 'x.json'), '--api-key', KEY);
    expect(key.code).toBe(2);
    expect(key.stderr).toContain(`the API key is never an argument`);
    expect(key.stderr).not.toContain(KEY);
    expect((await runCli('judge', '--transcripts', bundle, '--model', 'm', '--out', 'x.json')).stderr).toContain('--endpoint URL is required');
    expect((await judge(join(dir, 'x.json'), '--only-labelled', labels, '--sample', '2')).stderr).toContain('give one');
    expect((await judge(join(dir, 'x.json'), '--temperature', '3')).stderr).toContain('--temperature takes a number from 0 to 2');
    expect((await runCli('judge', '--help')).stdout).toContain(API_KEY_VARIABLE);
  });
});
