// Kill harness: runs Debian's Chromium as our own detached process on a profile on disk, so a
// test can SIGKILL its whole process group (browser, GPU, network and storage services) at any
// moment and relaunch it on the same profile. Also records the app's save acknowledgements.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserPath, CHROMIUM_ARGS } from '../../scripts/test-tools.mjs';
import type { Acknowledgement } from './kill-check';

/**
 * Playwright's own launch would kill politely and only the browser process. A detached child is
 * the leader of its own process group, so `kill(-pid)` reaches every helper process it forked.
 */
const KILLABLE_ARGS = ['--headless=new', ...CHROMIUM_ARGS, '--remote-debugging-port=0'];
const DEVTOOLS_LINE = /DevTools listening on (ws:\/\/\S+)/;

export interface KillableChromium {
  /** The browser's pid, which is also its process group's id. */
  pid: number;
  /** The profile's default context: its IndexedDB is on disk (a new context would be in memory). */
  context: BrowserContext;
  /** SIGKILLs the process group and resolves once none of its processes is alive. */
  kill(): Promise<void>;
}

export function createProfileDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'agreement-studio-kill-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export async function launchKillableChromium(profileDir: string): Promise<KillableChromium> {
  const executable = browserPath();
  // Chromium's own temporary files (its singleton socket) go inside the profile: a killed
  // browser never removes them, and the profile is removed with the test.
  const temporary = join(profileDir, 'tmp');
  mkdirSync(temporary, { recursive: true });
  const child = spawn(executable, [...KILLABLE_ARGS, `--user-data-dir=${profileDir}`, 'about:blank'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, TMPDIR: temporary },
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${executable}`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let browser: Browser;
  try {
    const wsUrl = await devToolsUrl(child, 30_000);
    browser = await chromium.connectOverCDP(wsUrl);
  } catch (error) {
    killGroup(pid);
    await exited;
    throw error;
  }
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium started without its default context');
  return {
    pid,
    context,
    kill: async () => {
      killGroup(pid);
      await exited;
      await groupDead(pid, 10_000);
    },
  };
}

/** Reads the DevTools address from stderr, and keeps draining stderr so Chromium never blocks on a full pipe. */
function devToolsUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    let settled = false;
    const settle = (outcome: { url: string } | { error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if ('url' in outcome) resolve(outcome.url);
      else reject(outcome.error);
    };
    const timer = setTimeout(
      () => settle({ error: new Error(`Chromium printed no DevTools address within ${timeoutMs} ms:\n${seen.slice(-2000)}`) }),
      timeoutMs,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      if (settled) return;
      seen += chunk.toString();
      const url = DEVTOOLS_LINE.exec(seen)?.[1];
      if (url) settle({ url });
    });
    child.once('exit', (code, signal) =>
      settle({ error: new Error(`Chromium exited (${signal ?? code}) before printing its DevTools address:\n${seen.slice(-2000)}`) }),
    );
  });
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Processes of a process group, from /proc: `state` is `Z` for a killed process not yet reaped. */
export function processGroupMembers(pgid: number): Array<{ pid: number; state: string }> {
  const members: Array<{ pid: number; state: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // The command name may contain spaces and parentheses; the fields after its last ')' do not.
    const [state = '', , group = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(group) === pgid) members.push({ pid: Number(entry), state });
  }
  return members;
}

/**
 * Waits until no process of the group is alive. Killed helpers may stay zombies for a second
 * until init reaps them; they hold no files, and the browser itself (whose pid the profile lock
 * names) is our child, reaped before this runs, so a relaunch need not wait for them.
 */
async function groupDead(pgid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = processGroupMembers(pgid).filter((member) => member.state !== 'Z');
    if (alive.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`processes of Chromium's group ${pgid} survived SIGKILL: ${alive.map((m) => `${m.pid} (${m.state})`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ACK_BINDING = '__killTestReport';

/** What the page reports: one durable save acknowledged, or a saved indicator in its error state. */
export type KillReport = { kind: 'ack'; ack: Omit<Acknowledgement, 'life'> } | { kind: 'save-error'; unitId: string };

/**
 * Installs, before any app script runs, a MutationObserver that reports each span appended to
 * the save log through a binding. The binding sends at once, from the mutation's microtask, so
 * the Node side hears of an acknowledgement even if the page is killed right after.
 */
export async function recordAcknowledgements(page: Page, onReport: (report: KillReport) => void): Promise<void> {
  await page.exposeBinding(ACK_BINDING, (_source, report: KillReport) => onReport(report));
  await page.addInitScript(reportSaves, ACK_BINDING);
}

/** Runs in the page (serialised by Playwright): must not refer to anything outside itself. */
function reportSaves(binding: string): void {
  const send = (window as unknown as Record<string, (report: unknown) => void>)[binding];
  if (!send) return;
  const reported = new WeakSet<Element>();
  const report = (span: Element) => {
    if (reported.has(span)) return;
    reported.add(span);
    const data = (span as HTMLElement).dataset;
    send({
      kind: 'ack',
      ack: {
        unitId: data.unitId ?? '',
        task: data.task ?? '',
        value: data.value ?? '',
        rev: Number(data.rev),
        unsure: data.unsure === 'true',
        noteLength: Number(data.noteLength ?? 0),
      },
    });
  };
  const saveSpans = '[data-testid="save-log"] span[data-unit-id]';
  const scan = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node.matches(saveSpans)) report(node);
    else node.querySelectorAll(saveSpans).forEach(report);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach(scan);
      const target = record.target as Element;
      if (target instanceof Element && target.matches('[data-testid="saved-indicator"][data-state="error"]')) {
        send({ kind: 'save-error', unitId: target.closest('[data-unit-id]')?.getAttribute('data-unit-id') ?? '' });
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
}

/** A label as stored in the `labels` table, with the fields the kill check compares. */
export interface StoredLabel {
  studyId: string;
  annotatorId: string;
  unitId: string;
  task: string;
  value: unknown;
  rev: number;
  unsure: boolean;
  note: string;
}

const READER_PATH = '__kill-test-reader';

/**
 * Reads one annotator's labels of a study with raw IndexedDB from a blank page of the app's
 * origin, so no app code runs (and writes) while we look. The annotator is the one the app's
 * preferences name, else the app's default.
 */
export async function readStoredLabels(context: BrowserContext, appUrl: string, studyId: string): Promise<{ annotatorId: string; labels: StoredLabel[] }> {
  const page = await context.newPage();
  try {
    const readerUrl = new URL(READER_PATH, appUrl).href;
    await page.route(readerUrl, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>kill test reader</title>' }));
    await page.goto(readerUrl);
    return await page.evaluate(
      (studyId) =>
        new Promise<{ annotatorId: string; labels: StoredLabel[] }>((resolve, reject) => {
          let annotatorId = 'annotator-1';
          try {
            const stored = JSON.parse(localStorage.getItem('agreement-studio.preferences') ?? 'null') as { state?: { annotator?: { id?: unknown } } } | null;
            if (typeof stored?.state?.annotator?.id === 'string') annotatorId = stored.state.annotator.id;
          } catch {
            // unreadable preferences: the app falls back to its default annotator too
          }
          const open = indexedDB.open('agreement-studio');
          // Never create the database: the app must find it exactly as it left it.
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => (open.error?.name === 'AbortError' ? resolve({ annotatorId, labels: [] }) : reject(open.error));
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('labels')) {
              db.close();
              resolve({ annotatorId, labels: [] });
              return;
            }
            // Primary key [studyId+annotatorId+task+unitId]; an array sorts after every string.
            const range = IDBKeyRange.bound([studyId, annotatorId], [studyId, annotatorId, []]);
            const all = db.transaction('labels', 'readonly').objectStore('labels').getAll(range);
            all.onsuccess = () => {
              db.close();
              resolve({ annotatorId, labels: all.result as StoredLabel[] });
            };
            all.onerror = () => reject(all.error);
          };
        }),
      studyId,
    );
  } finally {
    await page.close();
  }
}
