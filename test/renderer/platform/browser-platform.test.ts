// @vitest-environment happy-dom
// The browser platform's saving: one download per file, started one after another with a pause
// between them (Chromium drops downloads started in one go), and reported as gone to Downloads.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPlatform, DOWNLOAD_PAUSE_MS } from '../../../renderer/platform/browser';
import { fakeJudgeEndpoints } from '../../support/fake-judge-endpoints';
import { nodeTeamServers } from '../../support/node-team-servers';

let clicked: Array<{ name: string; href: string; inPage: boolean }>;

beforeEach(() => {
  vi.useFakeTimers();
  clicked = [];
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${(next += 1)}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ name: this.download, href: this.href, inPage: document.body.contains(this) });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const file = (suggestedName: string) => ({ suggestedName, text: `{"name":"${suggestedName}"}`, mimeType: 'application/json' });

describe('createBrowserPlatform(fakeJudgeEndpoints(), nodeTeamServers()).saveFiles', () => {
  it('downloads the files one at a time with a pause between them', async () => {
    const saving = createBrowserPlatform(fakeJudgeEndpoints(), nodeTeamServers()).saveFiles({
      title: 'Packs',
      files: [file('a.pack.json'), file('b.pack.json'), file('c.pack.json')],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(clicked.map((entry) => entry.name)).toEqual(['a.pack.json']);
    await vi.advanceTimersByTimeAsync(DOWNLOAD_PAUSE_MS);
    expect(clicked.map((entry) => entry.name)).toEqual(['a.pack.json', 'b.pack.json']);
    await vi.advanceTimersByTimeAsync(DOWNLOAD_PAUSE_MS);
    expect(await saving).toEqual({ saved: true, count: 3, where: 'Downloads' });
    expect(clicked).toEqual([
      { name: 'a.pack.json', href: 'blob:test/1', inPage: true },
      { name: 'b.pack.json', href: 'blob:test/2', inPage: true },
      { name: 'c.pack.json', href: 'blob:test/3', inPage: true },
    ]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('revokes each download URL only once the browser had time to read it', async () => {
    await createBrowserPlatform(fakeJudgeEndpoints(), nodeTeamServers()).saveFile(file('labels.json'));
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledExactlyOnceWith('blob:test/1');
  });
});
