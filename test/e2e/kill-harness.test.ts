// Tests the kill harness itself, without the app: against a tiny fake workspace that saves
// honestly, a SIGKILL loses nothing and leaves no process behind; against one that
// acknowledges before it writes, the same run reports the losses. A kill test that cannot fail
// proves nothing.

import { afterEach, describe, expect, it } from 'vitest';
import { createPrng } from '../../shared/random/prng';
import { checkAcknowledged, type Acknowledgement } from './kill-check';
import { createProfileDir, launchKillableChromium, processGroupMembers, readStoredLabels, recordAcknowledgements } from './kill-harness';

// Never resolved: every request to it is fulfilled by the test.
const ORIGIN = 'http://kill-harness.invalid/';
const STUDY = 'fake-study';

/** Each key press saves a label for the next unit; `lie` acknowledges first and writes 400 ms later. */
const FAKE_WORKSPACE = `<!doctype html><title>fake workspace</title><div data-testid="save-log"></div><script>
const lie = location.search === '?lie';
const log = document.querySelector('[data-testid="save-log"]');
let next = 0;
const opened = new Promise((resolve, reject) => {
  const open = indexedDB.open('agreement-studio', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('labels', { keyPath: ['studyId', 'annotatorId', 'task', 'unitId'] });
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
});
const acknowledge = (label) => {
  const span = document.createElement('span');
  Object.assign(span.dataset, { unitId: label.unitId, task: label.task, value: label.value, rev: '1', unsure: 'false', noteLength: '0' });
  log.append(span);
};
const write = (db, label, done) => {
  const tx = db.transaction('labels', 'readwrite', { durability: 'strict' });
  tx.objectStore('labels').put(label);
  tx.oncomplete = done;
};
document.addEventListener('keydown', async (event) => {
  const db = await opened;
  const label = { studyId: '${STUDY}', annotatorId: 'annotator-1', unitId: 'u' + String(next++).padStart(5, '0'), task: 'answer', value: event.key === 'y' ? 'yes' : 'no', rev: 1, unsure: false, note: '' };
  if (lie) {
    acknowledge(label);
    setTimeout(() => write(db, label, () => undefined), 400);
  } else write(db, label, () => acknowledge(label));
});
</script>`;

let removeProfile: (() => void) | undefined;

afterEach(() => removeProfile?.());

/** Presses keys on the fake until a seeded random moment, SIGKILLs mid-burst, relaunches and checks. */
async function killDuringSaves(mode: 'honest' | 'lie', seed: number) {
  const profile = createProfileDir();
  removeProfile = profile.remove;
  const prng = createPrng(seed);
  const acks: Acknowledgement[] = [];

  const first = await launchKillableChromium(profile.path);
  await first.context.route(`${ORIGIN}**`, (route) => route.fulfill({ contentType: 'text/html', body: FAKE_WORKSPACE }));
  const page = await first.context.newPage();
  await recordAcknowledgements(page, (report) => {
    if (report.kind === 'ack') acks.push({ ...report.ack, life: 1 });
  });
  await page.goto(`${ORIGIN}workspace${mode === 'lie' ? '?lie' : ''}`);
  const helpers = processGroupMembers(first.pid).length;

  let stop = false;
  const killed = new Promise((resolve) => setTimeout(resolve, prng.int(800, 1_600))).then(() => {
    stop = true;
    return first.kill();
  });
  try {
    while (!stop) await page.keyboard.press(prng.pick(['y', 'n']));
  } catch (error) {
    if (!stop) throw error;
  }
  await killed;
  const survivors = processGroupMembers(first.pid).filter((member) => member.state !== 'Z');

  const second = await launchKillableChromium(profile.path);
  try {
    await second.context.route(`${ORIGIN}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
    const { labels } = await readStoredLabels(second.context, ORIGIN, STUDY);
    return { helpers, survivors, verdict: checkAcknowledged(acks, labels) };
  } finally {
    await second.kill();
  }
}

describe('the kill harness', () => {
  it('kills the whole process group, and an honest save acknowledged before the kill is on disk after it', async () => {
    const { helpers, survivors, verdict } = await killDuringSaves('honest', 7);
    expect(helpers).toBeGreaterThan(1);
    expect(survivors).toEqual([]);
    expect(verdict.acknowledged).toBeGreaterThan(20);
    expect(verdict.lost).toEqual([]);
  });

  it('reports the saves a page acknowledged before writing them', async () => {
    const { verdict } = await killDuringSaves('lie', 8);
    expect(verdict.acknowledged).toBeGreaterThan(20);
    expect(verdict.lost.length).toBeGreaterThan(0);
    expect(verdict.lost.every((loss) => loss.reason === 'not in the database')).toBe(true);
  });
});
