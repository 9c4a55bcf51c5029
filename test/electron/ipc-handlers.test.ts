// The IPC handlers with fake dialogs and stores and real temporary files: sender and payload checks
// on every channel, the size caps, what each channel does (open, save, saveMany, info, links,
// backups, quit-ready, judge endpoints, team servers), that no handler ever throws or names an API
// key or a password in an error, and one registration per invoke channel.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS, MAX_OPEN_FILE_BYTES } from '../../shared/ipc/contract';
import { MAX_BACKUP_BYTES } from '../../shared/formats/backup';
import type { IpcResult } from '../../shared/ipc/contract';
import { openForReading } from '../../electron/files/read-files';
import { createIpcHandlers, registerIpcHandlers } from '../../electron/ipc/handlers';
import { MAX_API_KEY_CHARS, MAX_JUDGE_MESSAGES_CHARS, MAX_PASSWORD_CHARS, MAX_SAVE_MANY_FILES, MAX_TEAM_BODY_CHARS } from '../../electron/ipc/schemas';
import type { InvokeEvent, IpcHandlerDeps } from '../../electron/ipc/handlers';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ipc-handlers-'));
  await writeFile(join(dir, 'a.json'), '{"a":1}');
  await writeFile(join(dir, 'b.jsonl'), '{"type":"header"}\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fromApp: InvokeEvent = { senderFrame: { url: 'app://studio/index.html', parent: null } };

function fakeDeps(overrides: Partial<IpcHandlerDeps> = {}) {
  const deps = {
    showOpenDialog: vi.fn<IpcHandlerDeps['showOpenDialog']>(async () => ({ canceled: false, filePaths: [join(dir, 'a.json'), join(dir, 'b.jsonl')] })),
    showSaveDialog: vi.fn<IpcHandlerDeps['showSaveDialog']>(async () => ({ canceled: false, filePath: '/home/ann/exports/labels.json' })),
    openFile: vi.fn<IpcHandlerDeps['openFile']>(openForReading),
    writeFile: vi.fn<IpcHandlerDeps['writeFile']>(async () => {}),
    openExternal: vi.fn<IpcHandlerDeps['openExternal']>(async () => {}),
    appName: 'Agreement Studio',
    appVersion: '1.2.3',
    snapshots: {
      write: vi.fn<IpcHandlerDeps['snapshots']['write']>(async ({ studyId, name, text }) => ({
        studyId,
        name,
        size: text.length,
        createdAt: '2026-11-22T10:00:00.000Z',
      })),
      list: vi.fn<IpcHandlerDeps['snapshots']['list']>(async () => []),
      read: vi.fn<IpcHandlerDeps['snapshots']['read']>(async () => '{"format":"agreement-studio.backup/1"}'),
    },
    snapshotsDone: vi.fn<IpcHandlerDeps['snapshotsDone']>(),
    judgeEndpoints: {
      register: vi.fn<IpcHandlerDeps['judgeEndpoints']['register']>(async () => ({ hasKey: true, keyStorage: 'system', reloadToConnect: false })),
      forget: vi.fn<IpcHandlerDeps['judgeEndpoints']['forget']>(async () => {}),
      send: vi.fn<IpcHandlerDeps['judgeEndpoints']['send']>(async () => ({ ok: true, reply: 'Yes', tokensIn: 5, tokensOut: 1 })),
      testConnection: vi.fn<IpcHandlerDeps['judgeEndpoints']['testConnection']>(async () => ({ ok: true, models: ['llama3'], message: 'Connected.' })),
    },
    teamServers: {
      register: vi.fn<IpcHandlerDeps['teamServers']['register']>(async () => ({ credentialStorage: 'system', reloadToConnect: false })),
      forget: vi.fn<IpcHandlerDeps['teamServers']['forget']>(async () => {}),
      fetch: vi.fn<IpcHandlerDeps['teamServers']['fetch']>(async () => ({
        ok: true,
        status: 200,
        headers: [['content-type', 'application/json']],
        body: '{}',
      })),
    },
    ...overrides,
  };
  return { deps, handlers: createIpcHandlers(deps) };
}

const SNAPSHOT_NAME = 'demo-study.2026-11-22T10-00-00-000Z.backup.json';
const API_KEY = 'sk-test-3f9a1c7e5b2d8064';
const JUDGE_SEND = {
  endpointId: 'e-1',
  url: 'http://127.0.0.1:11434/v1',
  model: 'llama3',
  temperature: 0,
  maxTokens: 16,
  timeoutMs: 30_000,
  messages: [{ role: 'user', content: 'Is the man alive? [item:u1]' }],
};
const PASSWORD = 'couch-pw-8d41c0e6a2';
const TEAM_REGISTER = { connectionId: 'lead:demo-study', url: 'https://couch.example.org/', user: 'lead-admin', password: PASSWORD };
const JUDGE_TEST = { endpointId: 'e-1', url: 'http://127.0.0.1:11434/v1', model: 'llama3', timeoutMs: 10_000 };

const TEAM_FETCH = {
  connectionId: 'annotator:demo-study',
  url: 'https://couch.example.org/as-demo-study-ann-1-0123456789/_bulk_docs',
  method: 'POST',
  headers: [
    ['accept', 'application/json'],
    ['content-type', 'application/json'],
  ],
  body: '{"docs":[]}',
};

const validRequests = {
  [IPC_CHANNELS.openFiles]: { title: 'Import transcript bundles', extensions: ['json', 'jsonl'], multiple: true },
  [IPC_CHANNELS.saveFile]: { suggestedName: 'labels.json', text: '{"labels":[]}', mimeType: 'application/json' },
  [IPC_CHANNELS.saveFiles]: {
    title: 'Choose a folder for 2 packs',
    files: [
      { suggestedName: 'ann-1.pack.json', text: '{"pack":1}', mimeType: 'application/json' },
      { suggestedName: 'ann-2.pack.json', text: '{"pack":2}', mimeType: 'application/json' },
    ],
  },
  [IPC_CHANNELS.appInfo]: undefined,
  [IPC_CHANNELS.openExternal]: { url: 'https://example.com/guide' },
  [IPC_CHANNELS.writeBackup]: { studyId: 'demo-study', name: SNAPSHOT_NAME, text: '{}' },
  [IPC_CHANNELS.listBackups]: undefined,
  [IPC_CHANNELS.readBackup]: { studyId: 'demo-study', name: SNAPSHOT_NAME },
  [IPC_CHANNELS.quitReady]: undefined,
  [IPC_CHANNELS.registerJudgeEndpoint]: { endpointId: 'e-1', url: 'http://127.0.0.1:11434/v1', apiKey: API_KEY },
  [IPC_CHANNELS.forgetJudgeEndpoint]: { endpointId: 'e-1' },
  [IPC_CHANNELS.sendJudgeRequest]: JUDGE_SEND,
  [IPC_CHANNELS.testJudgeEndpoint]: JUDGE_TEST,
  [IPC_CHANNELS.registerTeamServer]: TEAM_REGISTER,
  [IPC_CHANNELS.forgetTeamServer]: { connectionId: 'lead:demo-study' },
  [IPC_CHANNELS.fetchTeamServer]: TEAM_FETCH,
} as const;

function saveMany(suggestedName: string) {
  return { suggestedName, text: '{}', mimeType: 'application/json' };
}

function expectError(result: IpcResult<unknown>, pattern: RegExp): void {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error).toMatch(pattern);
}

/** A refused request opened no dialog or link, and wrote or read no file or snapshot. */
function expectNoEffect(deps: ReturnType<typeof fakeDeps>['deps']): void {
  expect(deps.showOpenDialog).not.toHaveBeenCalled();
  expect(deps.showSaveDialog).not.toHaveBeenCalled();
  expect(deps.openExternal).not.toHaveBeenCalled();
  expect(deps.writeFile).not.toHaveBeenCalled();
  expect(deps.snapshots.write).not.toHaveBeenCalled();
  expect(deps.snapshots.read).not.toHaveBeenCalled();
  expect(deps.snapshotsDone).not.toHaveBeenCalled();
  expect(deps.judgeEndpoints.register).not.toHaveBeenCalled();
  expect(deps.judgeEndpoints.forget).not.toHaveBeenCalled();
  expect(deps.judgeEndpoints.send).not.toHaveBeenCalled();
  expect(deps.judgeEndpoints.testConnection).not.toHaveBeenCalled();
  expect(deps.teamServers.register).not.toHaveBeenCalled();
  expect(deps.teamServers.forget).not.toHaveBeenCalled();
  expect(deps.teamServers.fetch).not.toHaveBeenCalled();
}

describe('IPC handlers: sender checks', () => {
  const foreignSenders: Array<[string, InvokeEvent]> = [
    ['no frame', { senderFrame: null }],
    ['an https page', { senderFrame: { url: 'https://evil.example/', parent: null } }],
    ['a file page', { senderFrame: { url: 'file:///tmp/index.html', parent: null } }],
    ['another app host', { senderFrame: { url: 'app://evil/index.html', parent: null } }],
    ['a look-alike host', { senderFrame: { url: 'app://studio.evil.com/index.html', parent: null } }],
    ['a data URL', { senderFrame: { url: 'data:text/html,hi', parent: null } }],
    ['about:blank', { senderFrame: { url: 'about:blank', parent: null } }],
    ['a subframe of the app', { senderFrame: { url: 'app://studio/index.html', parent: { url: 'app://studio/index.html' } } }],
  ];

  for (const channel of Object.keys(validRequests) as Array<keyof typeof validRequests>) {
    it.each(foreignSenders)(`${channel} refuses %s and touches nothing`, async (_label, event) => {
      const { deps, handlers } = fakeDeps();
      const result = await handlers[channel](event, validRequests[channel]);
      expectError(result, /did not come from the app window/);
      expectNoEffect(deps);
      expect(deps.snapshots.list).not.toHaveBeenCalled();
    });
  }
});

describe('IPC handlers: payload checks', () => {
  const badPayloads: Array<[keyof typeof validRequests, unknown, RegExp]> = [
    [IPC_CHANNELS.openFiles, undefined, /Invalid files:open request/],
    [IPC_CHANNELS.openFiles, null, /Invalid files:open request/],
    [IPC_CHANNELS.openFiles, 'json', /Invalid files:open request/],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: ['.json'], multiple: true }, /extensions\[0\]: must be 1 to 16 letters or digits/],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: ['json;*'], multiple: true }, /extensions\[0\]/],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: ['*'], multiple: true }, /extensions\[0\]/],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: ['a'.repeat(17)], multiple: true }, /extensions\[0\]/],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: [], multiple: true }, /extensions/],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: 'json', multiple: true }, /extensions/],
    [IPC_CHANNELS.openFiles, { title: 'x', extensions: ['json'], multiple: 'yes' }, /multiple/],
    [IPC_CHANNELS.openFiles, { title: 'x'.repeat(201), extensions: ['json'], multiple: false }, /title/],
    [IPC_CHANNELS.saveFile, { suggestedName: '../../.bashrc', text: 'x', mimeType: 'text/plain' }, /suggestedName: must be a plain file name/],
    [IPC_CHANNELS.saveFile, { suggestedName: '/etc/passwd', text: 'x', mimeType: 'text/plain' }, /suggestedName/],
    [IPC_CHANNELS.saveFile, { suggestedName: 'C:\\Windows\\evil.dll', text: 'x', mimeType: 'text/plain' }, /suggestedName/],
    [IPC_CHANNELS.saveFile, { suggestedName: 'a\\b.txt', text: 'x', mimeType: 'text/plain' }, /suggestedName/],
    [IPC_CHANNELS.saveFile, { suggestedName: 'labels\0.json', text: 'x', mimeType: 'text/plain' }, /suggestedName/],
    [IPC_CHANNELS.saveFile, { suggestedName: '..', text: 'x', mimeType: 'text/plain' }, /suggestedName/],
    [IPC_CHANNELS.saveFile, { suggestedName: '', text: 'x', mimeType: 'text/plain' }, /suggestedName/],
    [IPC_CHANNELS.saveFile, { suggestedName: `${'a'.repeat(251)}.json`, text: 'x', mimeType: 'text/plain' }, /suggestedName/],
    [IPC_CHANNELS.saveFile, { suggestedName: 'a.json', text: 42, mimeType: 'text/plain' }, /text/],
    [IPC_CHANNELS.saveFile, { suggestedName: 'a.json', text: 'x', mimeType: 'not a mime type' }, /mimeType/],
    [IPC_CHANNELS.saveFile, { suggestedName: 'a.json', text: 'x' }, /mimeType/],
    [IPC_CHANNELS.saveFiles, undefined, /Invalid files:saveMany request/],
    [IPC_CHANNELS.saveFiles, { title: 'Packs', files: [] }, /files: Too small/i],
    [IPC_CHANNELS.saveFiles, { title: '', files: [saveMany('a.json')] }, /title/],
    [IPC_CHANNELS.saveFiles, { title: 'Packs', files: saveMany('a.json') }, /files/],
    [IPC_CHANNELS.saveFiles, { title: 'Packs', files: [saveMany('a.json'), saveMany('A.JSON')] }, /files: must have different names/],
    [IPC_CHANNELS.saveFiles, { title: 'Packs', files: [{ suggestedName: 'a.json', text: 'x' }] }, /files\[0\]\.mimeType/],
    [IPC_CHANNELS.saveFiles, { title: 'Packs', files: [{ suggestedName: 'a.json', text: 7, mimeType: 'text/plain' }] }, /files\[0\]\.text/],
    [
      IPC_CHANNELS.saveFiles,
      { title: 'Packs', files: Array.from({ length: MAX_SAVE_MANY_FILES + 1 }, (_, index) => saveMany(`p-${index}.json`)) },
      /files: Too big/i,
    ],
    ...[
      '../escape.json',
      '../../.bashrc',
      '..',
      '.',
      '/etc/passwd',
      'packs/ann-1.pack.json',
      'C:\\Windows\\evil.dll',
      'C:evil.json',
      '..\\evil.json',
      'a\\b.json',
      'ann\0.pack.json',
      'ann\n.pack.json',
      'ann\u001b[31m.json',
      'ann\u007f.json',
      'NUL.json',
      'com1',
      'a'.repeat(256),
      '',
    ].map((name): [keyof typeof validRequests, unknown, RegExp] => [
      IPC_CHANNELS.saveFiles,
      { title: 'Packs', files: [saveMany('ok.json'), saveMany(name)] },
      /files\[1\]\.suggestedName/,
    ]),
    [IPC_CHANNELS.appInfo, { anything: true }, /Invalid app:info request/],
    [IPC_CHANNELS.openExternal, 'https://example.com', /Invalid links:open request/],
    [IPC_CHANNELS.openExternal, { url: 42 }, /url/],
    [IPC_CHANNELS.openExternal, { url: `https://example.com/${'a'.repeat(2100)}` }, /url/],
    ...[
      ['..', SNAPSHOT_NAME, /studyId/],
      ['.', SNAPSHOT_NAME, /studyId/],
      ['../demo-study', SNAPSHOT_NAME, /studyId/],
      ['a/b', SNAPSHOT_NAME, /studyId/],
      ['__proto__', SNAPSHOT_NAME, /studyId/],
      ['con', SNAPSHOT_NAME, /studyId/],
      ['demo-study.', SNAPSHOT_NAME, /studyId/],
      ['', SNAPSHOT_NAME, /studyId/],
      ['demo-study', `../${SNAPSHOT_NAME}`, /name/],
      ['demo-study', `other/${SNAPSHOT_NAME}`, /name/],
      ['demo-study', `..\\${SNAPSHOT_NAME}`, /name/],
      ['demo-study', 'demo-study.2026-11-22T10-00-00-000Z.json', /name: must end in \.backup\.json/],
      ['demo-study', 'other-study.2026-11-22T10-00-00-000Z.backup.json', /name: must be the study's/],
      ['demo-study', 'demo-study.yesterday.backup.json', /name: must be the study's/],
      ['demo-study', '.backup.json', /name/],
    ].flatMap(([studyId, name, message]): Array<[keyof typeof validRequests, unknown, RegExp]> => [
      [IPC_CHANNELS.writeBackup, { studyId, name, text: '{}' }, message as RegExp],
      [IPC_CHANNELS.readBackup, { studyId, name }, message as RegExp],
    ]),
    [IPC_CHANNELS.writeBackup, { studyId: 'demo-study', name: SNAPSHOT_NAME }, /text/],
    [IPC_CHANNELS.writeBackup, { studyId: 'demo-study', name: SNAPSHOT_NAME, text: 42 }, /text/],
    [IPC_CHANNELS.listBackups, { studyId: 'demo-study' }, /Invalid backups:list request/],
    [IPC_CHANNELS.readBackup, 'demo-study', /Invalid backups:read request/],
    [IPC_CHANNELS.quitReady, { now: true }, /Invalid app:quit-ready request/],
    [IPC_CHANNELS.registerJudgeEndpoint, { endpointId: 'e-1', url: 'file:///etc/passwd' }, /url: must be an http or https address/],
    [IPC_CHANNELS.registerJudgeEndpoint, { endpointId: 'e-1', url: 'http://user:pw@127.0.0.1:11434/v1' }, /url: must be an http or https address without/],
    [IPC_CHANNELS.registerJudgeEndpoint, { endpointId: 'e-1', url: 'javascript:alert(1)' }, /url/],
    [IPC_CHANNELS.registerJudgeEndpoint, { endpointId: 'e-1', url: `http://h/${'a'.repeat(2100)}` }, /url/],
    [IPC_CHANNELS.registerJudgeEndpoint, { endpointId: '../e', url: 'http://127.0.0.1/' }, /endpointId/],
    [IPC_CHANNELS.registerJudgeEndpoint, { endpointId: '', url: 'http://127.0.0.1/' }, /endpointId/],
    [IPC_CHANNELS.registerJudgeEndpoint, { endpointId: 'e-1', url: 'http://127.0.0.1/', apiKey: '' }, /apiKey: must not be empty/],
    [IPC_CHANNELS.registerJudgeEndpoint, { endpointId: 'e-1', url: 'http://127.0.0.1/', apiKey: 42 }, /apiKey/],
    [IPC_CHANNELS.forgetJudgeEndpoint, 'e-1', /Invalid judge:forget request/],
    [IPC_CHANNELS.forgetJudgeEndpoint, { endpointId: 'e/1' }, /endpointId/],
    [IPC_CHANNELS.sendJudgeRequest, { ...JUDGE_SEND, url: 'ftp://127.0.0.1/v1' }, /url/],
    [IPC_CHANNELS.testJudgeEndpoint, { ...JUDGE_TEST, url: 'http://user:pw@127.0.0.1:11434/v1' }, /url: must be an http or https address without/],
    [IPC_CHANNELS.testJudgeEndpoint, { ...JUDGE_TEST, endpointId: '../e' }, /endpointId/],
    [IPC_CHANNELS.testJudgeEndpoint, { ...JUDGE_TEST, model: '' }, /model/],
    [IPC_CHANNELS.testJudgeEndpoint, { ...JUDGE_TEST, timeoutMs: 0 }, /timeoutMs/],
    [IPC_CHANNELS.sendJudgeRequest, { ...JUDGE_SEND, temperature: 5 }, /temperature/],
    [IPC_CHANNELS.sendJudgeRequest, { ...JUDGE_SEND, maxTokens: 0 }, /maxTokens/],
    [IPC_CHANNELS.sendJudgeRequest, { ...JUDGE_SEND, timeoutMs: Number.POSITIVE_INFINITY }, /timeoutMs/],
    [IPC_CHANNELS.sendJudgeRequest, { ...JUDGE_SEND, model: '' }, /model/],
    [IPC_CHANNELS.sendJudgeRequest, { ...JUDGE_SEND, messages: [] }, /messages/],
    [IPC_CHANNELS.sendJudgeRequest, { ...JUDGE_SEND, messages: [{ role: 'tool', content: 'x' }] }, /messages\[0\]\.role/],
    [
      IPC_CHANNELS.sendJudgeRequest,
      { ...JUDGE_SEND, messages: [{ role: 'user', content: 'x'.repeat(MAX_JUDGE_MESSAGES_CHARS + 1) }] },
      /messages: are longer than 512 KB/,
    ],
    [IPC_CHANNELS.registerTeamServer, { ...TEAM_REGISTER, connectionId: 'lead:../evil' }, /connectionId: must be lead:<study id> or annotator:<study id>/],
    [IPC_CHANNELS.registerTeamServer, { ...TEAM_REGISTER, connectionId: 'judge:demo-study' }, /connectionId/],
    [IPC_CHANNELS.registerTeamServer, { ...TEAM_REGISTER, connectionId: 'lead:demo:study' }, /connectionId/],
    [IPC_CHANNELS.registerTeamServer, { ...TEAM_REGISTER, connectionId: 'lead:__proto__' }, /connectionId/],
    [IPC_CHANNELS.registerTeamServer, { ...TEAM_REGISTER, url: 42 }, /url/],
    [IPC_CHANNELS.registerTeamServer, { ...TEAM_REGISTER, user: '' }, /user: must not be empty/],
    [IPC_CHANNELS.registerTeamServer, { ...TEAM_REGISTER, user: 'lead:admin' }, /user: must not hold a colon/],
    [IPC_CHANNELS.registerTeamServer, { ...TEAM_REGISTER, password: '' }, /password: must not be empty/],
    [IPC_CHANNELS.registerTeamServer, { ...TEAM_REGISTER, password: null }, /password/],
    [IPC_CHANNELS.forgetTeamServer, 'lead:demo-study', /Invalid team:forget request/],
    [IPC_CHANNELS.forgetTeamServer, { connectionId: 'lead' }, /connectionId/],
    [IPC_CHANNELS.fetchTeamServer, { ...TEAM_FETCH, method: 'TRACE' }, /method/],
    [IPC_CHANNELS.fetchTeamServer, { ...TEAM_FETCH, headers: [['x-evil\r\nhost', 'a']] }, /headers\[0\]\[0\]: must be a header name/],
    [IPC_CHANNELS.fetchTeamServer, { ...TEAM_FETCH, headers: [['x-note', 'a\r\nAuthorization: Basic eA==']] }, /headers\[0\]\[1\]: must not hold a line break/],
    [IPC_CHANNELS.fetchTeamServer, { ...TEAM_FETCH, headers: { accept: 'application/json' } }, /headers/],
    [IPC_CHANNELS.fetchTeamServer, { ...TEAM_FETCH, body: { docs: [] } }, /body/],
    [IPC_CHANNELS.fetchTeamServer, { ...TEAM_FETCH, url: `https://couch.example.org/${'a'.repeat(70_000)}` }, /url/],
  ];

  it.each(badPayloads)('%s refuses %j', async (channel, payload, message) => {
    const { deps, handlers } = fakeDeps();
    const result = await handlers[channel](fromApp, payload);
    expectError(result, message);
    expectNoEffect(deps);
  });

  it.each([`${'a'.repeat(250)}.json`, 'ann..3.pack.json', '.ann.pack.json', 'Ännä 3 (copy).pack.json'])(
    'files:saveMany takes the plain name %j',
    async (name) => {
      const { deps, handlers } = fakeDeps({ showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/home/lead/packs'] })) });
      expect(await handlers[IPC_CHANNELS.saveFiles](fromApp, { title: 'Packs', files: [saveMany(name)] })).toEqual({
        ok: true,
        value: { saved: true, count: 1, where: '/home/lead/packs' },
      });
      expect(deps.writeFile).toHaveBeenCalledExactlyOnceWith(`/home/lead/packs/${name}`, '{}');
    },
  );

  it('files:saveMany refuses files over 500 MB together, before any dialog', async () => {
    const { deps, handlers } = fakeDeps();
    const text = '€'.repeat(60 * 1024 * 1024);
    const files = [1, 2, 3].map((index) => ({ suggestedName: `p-${index}.json`, text, mimeType: 'application/json' }));
    expectError(await handlers[IPC_CHANNELS.saveFiles](fromApp, { title: 'Packs', files }), /files: are larger than 500 MB together/);
    expect(deps.showOpenDialog).not.toHaveBeenCalled();
  });

  it('refuses text over 500 MB counted in UTF-8 bytes', async () => {
    const { deps, handlers } = fakeDeps();
    // 200 M three-byte characters: 200 M UTF-16 units but 600 MB on disk.
    const text = '€'.repeat(200 * 1024 * 1024);
    const result = await handlers[IPC_CHANNELS.saveFile](fromApp, { suggestedName: 'big.csv', text, mimeType: 'text/csv' });
    expectError(result, /text: is larger than 500 MB/);
    expect(deps.showSaveDialog).not.toHaveBeenCalled();
  });
});

describe('IPC handlers: work', () => {
  it('files:open shows the dialog with the requested filter and reads the chosen files', async () => {
    const { deps, handlers } = fakeDeps();
    const result = await handlers[IPC_CHANNELS.openFiles](fromApp, validRequests[IPC_CHANNELS.openFiles]);
    expect(deps.showOpenDialog).toHaveBeenCalledExactlyOnceWith({
      title: 'Import transcript bundles',
      filters: [{ name: 'JSON, JSONL files', extensions: ['json', 'jsonl'] }],
      properties: ['openFile', 'multiSelections'],
    });
    expect(result).toEqual({
      ok: true,
      value: [
        { name: 'a.json', size: 7, text: '{"a":1}' },
        { name: 'b.jsonl', size: 18, text: '{"type":"header"}\n' },
      ],
    });
  });

  it('files:open asks for one file when multiple is false', async () => {
    const showOpenDialog = vi.fn<IpcHandlerDeps['showOpenDialog']>(async () => ({ canceled: true, filePaths: [] }));
    const { handlers } = fakeDeps({ showOpenDialog });
    await handlers[IPC_CHANNELS.openFiles](fromApp, { title: 'Open pack', extensions: ['json'], multiple: false });
    expect(showOpenDialog.mock.calls[0]?.[0].properties).toEqual(['openFile']);
  });

  it('files:open answers [] when the user cancels', async () => {
    const { deps, handlers } = fakeDeps({ showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })) });
    expect(await handlers[IPC_CHANNELS.openFiles](fromApp, validRequests[IPC_CHANNELS.openFiles])).toEqual({ ok: true, value: [] });
    expect(deps.openFile).not.toHaveBeenCalled();
  });

  it('files:open refuses a file over MAX_OPEN_FILE_BYTES with its name, without reading it', async () => {
    const read = vi.fn();
    const { handlers } = fakeDeps({
      showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/data/transcripts/huge.jsonl'] })),
      openFile: vi.fn(async () => ({ stat: async () => ({ size: MAX_OPEN_FILE_BYTES + 1, isFile: () => true }), read, close: async () => {} })),
    });
    const result = await handlers[IPC_CHANNELS.openFiles](fromApp, validRequests[IPC_CHANNELS.openFiles]);
    expectError(result, /^huge\.jsonl is 200\.1 MB; the limit is 200 MB$/);
    expect(read).not.toHaveBeenCalled();
  });

  it('files:open reads a backup up to MAX_BACKUP_BYTES, and refuses one over it without reading it', async () => {
    const read = vi.fn();
    const { handlers } = fakeDeps({
      showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/data/backups/study.backup.json'] })),
      openFile: vi.fn(async () => ({ stat: async () => ({ size: MAX_BACKUP_BYTES + 1, isFile: () => true }), read, close: async () => {} })),
    });
    const result = await handlers[IPC_CHANNELS.openFiles](fromApp, {
      title: 'Restore a study from a backup',
      extensions: ['json'],
      multiple: false,
      purpose: 'backup',
    });
    expectError(result, /^study\.backup\.json is 500\.1 MB; the limit is 500 MB$/);
    expect(read).not.toHaveBeenCalled();
  });

  it('files:open turns a missing file into an error naming it', async () => {
    const { handlers } = fakeDeps({ showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: [join(dir, 'gone.json')] })) });
    expectError(await handlers[IPC_CHANNELS.openFiles](fromApp, validRequests[IPC_CHANNELS.openFiles]), /gone\.json/);
  });

  it('files:save writes the text where the user chose and reports the base name', async () => {
    const { deps, handlers } = fakeDeps();
    const result = await handlers[IPC_CHANNELS.saveFile](fromApp, validRequests[IPC_CHANNELS.saveFile]);
    expect(deps.showSaveDialog).toHaveBeenCalledExactlyOnceWith({
      defaultPath: 'labels.json',
      filters: [{ name: 'JSON files', extensions: ['json'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    expect(deps.writeFile).toHaveBeenCalledExactlyOnceWith('/home/ann/exports/labels.json', '{"labels":[]}');
    expect(result).toEqual({ ok: true, value: { saved: true, name: 'labels.json' } });
  });

  it('files:save reports saved: false when the user cancels', async () => {
    const { deps, handlers } = fakeDeps({ showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })) });
    expect(await handlers[IPC_CHANNELS.saveFile](fromApp, validRequests[IPC_CHANNELS.saveFile])).toEqual({ ok: true, value: { saved: false } });
    expect(deps.writeFile).not.toHaveBeenCalled();
  });

  it('files:save turns a write failure into an error', async () => {
    const { handlers } = fakeDeps({ writeFile: vi.fn(async () => Promise.reject(new Error('EACCES: permission denied'))) });
    expectError(await handlers[IPC_CHANNELS.saveFile](fromApp, validRequests[IPC_CHANNELS.saveFile]), /EACCES/);
  });

  it('files:saveMany asks for one folder and writes every file into it', async () => {
    const { deps, handlers } = fakeDeps({ showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/home/lead/packs'] })) });
    const result = await handlers[IPC_CHANNELS.saveFiles](fromApp, validRequests[IPC_CHANNELS.saveFiles]);
    expect(deps.showOpenDialog).toHaveBeenCalledExactlyOnceWith({
      title: 'Choose a folder for 2 packs',
      filters: [],
      properties: ['openDirectory', 'createDirectory'],
    });
    expect(vi.mocked(deps.writeFile).mock.calls).toEqual([
      ['/home/lead/packs/ann-1.pack.json', '{"pack":1}'],
      ['/home/lead/packs/ann-2.pack.json', '{"pack":2}'],
    ]);
    expect(result).toEqual({ ok: true, value: { saved: true, count: 2, where: '/home/lead/packs' } });
  });

  it.each([
    ['cancelled', { canceled: true, filePaths: [] }],
    ['no folder', { canceled: false, filePaths: [] }],
    ['an empty path', { canceled: false, filePaths: [''] }],
  ])('files:saveMany reports saved: false and writes nothing for %s', async (_label, choice) => {
    const { deps, handlers } = fakeDeps({ showOpenDialog: vi.fn(async () => choice) });
    expect(await handlers[IPC_CHANNELS.saveFiles](fromApp, validRequests[IPC_CHANNELS.saveFiles])).toEqual({ ok: true, value: { saved: false } });
    expect(deps.writeFile).not.toHaveBeenCalled();
  });

  it('files:saveMany says how far it got when a write fails', async () => {
    const writeFile = vi.fn<IpcHandlerDeps['writeFile']>(async (path) => {
      if (path.endsWith('ann-2.pack.json')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    });
    const { handlers } = fakeDeps({ showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/home/lead/packs'] })), writeFile });
    expectError(
      await handlers[IPC_CHANNELS.saveFiles](fromApp, validRequests[IPC_CHANNELS.saveFiles]),
      /^Saved 1 of 2 files in \/home\/lead\/packs; could not write ann-2\.pack\.json \(EACCES\)$/,
    );
  });

  it('app:info reports the injected name and version', async () => {
    const { handlers } = fakeDeps();
    expect(await handlers[IPC_CHANNELS.appInfo](fromApp, undefined)).toEqual({
      ok: true,
      value: { name: 'Agreement Studio', version: '1.2.3', host: 'electron' },
    });
  });

  it('links:open hands a safe https link to the browser', async () => {
    const { deps, handlers } = fakeDeps();
    expect(await handlers[IPC_CHANNELS.openExternal](fromApp, { url: 'https://example.com/guide' })).toEqual({ ok: true, value: null });
    expect(deps.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/guide');
  });

  it.each([
    'http://example.com/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:pass@example.com/',
    'https:\\\\evil.example',
    ' https://example.com',
    'app://studio/',
  ])('links:open refuses %j', async (url) => {
    const { deps, handlers } = fakeDeps();
    expectError(await handlers[IPC_CHANNELS.openExternal](fromApp, { url }), /Only https links/);
    expect(deps.openExternal).not.toHaveBeenCalled();
  });

  it('backups:write, backups:list and backups:read hand the checked request to the snapshot store', async () => {
    const { deps, handlers } = fakeDeps();
    expect(await handlers[IPC_CHANNELS.writeBackup](fromApp, validRequests[IPC_CHANNELS.writeBackup])).toEqual({
      ok: true,
      value: { studyId: 'demo-study', name: SNAPSHOT_NAME, size: 2, createdAt: '2026-11-22T10:00:00.000Z' },
    });
    expect(deps.snapshots.write).toHaveBeenCalledExactlyOnceWith({ studyId: 'demo-study', name: SNAPSHOT_NAME, text: '{}' });
    expect(await handlers[IPC_CHANNELS.listBackups](fromApp, undefined)).toEqual({ ok: true, value: [] });
    expect(await handlers[IPC_CHANNELS.readBackup](fromApp, validRequests[IPC_CHANNELS.readBackup])).toEqual({
      ok: true,
      value: '{"format":"agreement-studio.backup/1"}',
    });
    expect(deps.snapshots.read).toHaveBeenCalledExactlyOnceWith({ studyId: 'demo-study', name: SNAPSHOT_NAME });
  });

  it('backups:read turns a refusal of the store into an error', async () => {
    const { handlers } = fakeDeps({
      snapshots: { write: vi.fn(), list: vi.fn(), read: vi.fn(async () => Promise.reject(new Error('No snapshots are stored for the study "demo-study"'))) },
    });
    expectError(await handlers[IPC_CHANNELS.readBackup](fromApp, validRequests[IPC_CHANNELS.readBackup]), /No snapshots are stored/);
  });

  it('app:quit-ready tells the close guard the snapshots are written', async () => {
    const { deps, handlers } = fakeDeps();
    expect(await handlers[IPC_CHANNELS.quitReady](fromApp, undefined)).toEqual({ ok: true, value: null });
    expect(deps.snapshotsDone).toHaveBeenCalledOnce();
  });

  it('judge:register hands only the parsed fields to the host, and answers where the key is kept', async () => {
    const { deps, handlers } = fakeDeps();
    const result = await handlers[IPC_CHANNELS.registerJudgeEndpoint](fromApp, { ...validRequests[IPC_CHANNELS.registerJudgeEndpoint], extra: 'x' });
    expect(result).toEqual({ ok: true, value: { hasKey: true, keyStorage: 'system' } });
    expect(deps.judgeEndpoints.register).toHaveBeenCalledExactlyOnceWith({ endpointId: 'e-1', url: 'http://127.0.0.1:11434/v1', apiKey: API_KEY });
  });

  it('judge:register takes null to remove the key and no key to keep it', async () => {
    const { deps, handlers } = fakeDeps();
    await handlers[IPC_CHANNELS.registerJudgeEndpoint](fromApp, { endpointId: 'e-1', url: 'https://api.example.com/v1', apiKey: null });
    await handlers[IPC_CHANNELS.registerJudgeEndpoint](fromApp, { endpointId: 'e-1', url: 'https://api.example.com/v1' });
    expect(vi.mocked(deps.judgeEndpoints.register).mock.calls).toEqual([
      [{ endpointId: 'e-1', url: 'https://api.example.com/v1', apiKey: null }],
      [{ endpointId: 'e-1', url: 'https://api.example.com/v1' }],
    ]);
  });

  it('judge:forget and judge:send hand the checked request to the host and its outcome back', async () => {
    const { deps, handlers } = fakeDeps();
    expect(await handlers[IPC_CHANNELS.forgetJudgeEndpoint](fromApp, { endpointId: 'e-1' })).toEqual({ ok: true, value: null });
    expect(deps.judgeEndpoints.forget).toHaveBeenCalledExactlyOnceWith('e-1');
    expect(await handlers[IPC_CHANNELS.sendJudgeRequest](fromApp, JUDGE_SEND)).toEqual({
      ok: true,
      value: { ok: true, reply: 'Yes', tokensIn: 5, tokensOut: 1 },
    });
    expect(deps.judgeEndpoints.send).toHaveBeenCalledExactlyOnceWith(JUDGE_SEND);
  });

  it('judge:test hands only the parsed fields to the host (never a key) and its check back', async () => {
    const { deps, handlers } = fakeDeps();
    expect(await handlers[IPC_CHANNELS.testJudgeEndpoint](fromApp, { ...JUDGE_TEST, apiKey: API_KEY })).toEqual({
      ok: true,
      value: { ok: true, models: ['llama3'], message: 'Connected.' },
    });
    expect(deps.judgeEndpoints.testConnection).toHaveBeenCalledExactlyOnceWith(JUDGE_TEST);
  });

  it.each([
    ['a key that is too long', { endpointId: 'e-1', url: 'http://127.0.0.1/', apiKey: API_KEY.repeat(MAX_API_KEY_CHARS / API_KEY.length + 1) }],
    ['a URL with credentials', { endpointId: 'e-1', url: `http://user:${API_KEY}@127.0.0.1/`, apiKey: API_KEY }],
    ['a URL that is not one', { endpointId: 'e-1', url: API_KEY, apiKey: API_KEY }],
    ['a bad endpoint id', { endpointId: API_KEY + '/', url: 'http://127.0.0.1/', apiKey: API_KEY }],
    ['an unknown key storage', { endpointId: 'e-1', url: 'http://127.0.0.1/', apiKey: [API_KEY] }],
  ])('judge:register refuses %s without naming the API key', async (_label, payload) => {
    const { deps, handlers } = fakeDeps();
    const result = await handlers[IPC_CHANNELS.registerJudgeEndpoint](fromApp, payload);
    expectError(result, /Invalid judge:register request/);
    expect(JSON.stringify(result)).not.toContain(API_KEY);
    expectNoEffect(deps);
  });

  it('judge:register never passes on an error that names the key, whatever threw it', async () => {
    const { handlers } = fakeDeps({
      judgeEndpoints: {
        register: vi.fn(async () => Promise.reject(new Error(`could not encrypt ${API_KEY}`))),
        forget: vi.fn(),
        send: vi.fn(),
        testConnection: vi.fn(),
      },
    });
    const result = await handlers[IPC_CHANNELS.registerJudgeEndpoint](fromApp, validRequests[IPC_CHANNELS.registerJudgeEndpoint]);
    expectError(result, /^could not encrypt \[the API key\]$/);
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });

  it('team:register hands only the parsed fields to the host, and answers where the password is kept', async () => {
    const { deps, handlers } = fakeDeps();
    expect(await handlers[IPC_CHANNELS.registerTeamServer](fromApp, { ...TEAM_REGISTER, extra: 'x' })).toEqual({
      ok: true,
      value: { credentialStorage: 'system' },
    });
    expect(deps.teamServers.register).toHaveBeenCalledExactlyOnceWith(TEAM_REGISTER);
    const withoutPassword = { connectionId: TEAM_REGISTER.connectionId, url: TEAM_REGISTER.url, user: TEAM_REGISTER.user };
    await handlers[IPC_CHANNELS.registerTeamServer](fromApp, withoutPassword);
    expect(deps.teamServers.register).toHaveBeenLastCalledWith(withoutPassword);
  });

  it('team:forget and team:fetch hand the checked request to the host and its answer back', async () => {
    const { deps, handlers } = fakeDeps();
    expect(await handlers[IPC_CHANNELS.forgetTeamServer](fromApp, { connectionId: 'lead:demo-study' })).toEqual({ ok: true, value: null });
    expect(deps.teamServers.forget).toHaveBeenCalledExactlyOnceWith('lead:demo-study');
    expect(await handlers[IPC_CHANNELS.fetchTeamServer](fromApp, TEAM_FETCH)).toEqual({
      ok: true,
      value: { ok: true, status: 200, headers: [['content-type', 'application/json']], body: '{}' },
    });
    expect(deps.teamServers.fetch).toHaveBeenCalledExactlyOnceWith(TEAM_FETCH);
  });

  it('team:fetch refuses a body over its limit before the host sees it', async () => {
    const { deps, handlers } = fakeDeps();
    expectError(
      await handlers[IPC_CHANNELS.fetchTeamServer](fromApp, { ...TEAM_FETCH, body: 'x'.repeat(MAX_TEAM_BODY_CHARS + 1) }),
      /body: is larger than 256 MB/,
    );
    expectNoEffect(deps);
  });

  it.each([
    ['a password that is too long', { ...TEAM_REGISTER, password: PASSWORD.repeat(MAX_PASSWORD_CHARS / PASSWORD.length + 1) }],
    ['a user that is not text', { ...TEAM_REGISTER, user: [PASSWORD] }],
    ['a password that is not text', { ...TEAM_REGISTER, password: [PASSWORD] }],
    ['a bad connection id', { ...TEAM_REGISTER, connectionId: `lead:${PASSWORD}/` }],
  ])('team:register refuses %s without naming the password', async (_label, payload) => {
    const { deps, handlers } = fakeDeps();
    const result = await handlers[IPC_CHANNELS.registerTeamServer](fromApp, payload);
    expectError(result, /Invalid team:register request/);
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
    expectNoEffect(deps);
  });

  it('team:register never passes on an error that names the password, whatever threw it', async () => {
    const { handlers } = fakeDeps({
      teamServers: { register: vi.fn(async () => Promise.reject(new Error(`could not encrypt ${PASSWORD}`))), forget: vi.fn(), fetch: vi.fn() },
    });
    const result = await handlers[IPC_CHANNELS.registerTeamServer](fromApp, TEAM_REGISTER);
    expectError(result, /^could not encrypt \[the password\]$/);
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
  });

  it('never throws, even when a dependency throws synchronously', async () => {
    const { handlers } = fakeDeps({
      showOpenDialog: vi.fn(() => {
        throw new Error('dialog exploded');
      }),
      openExternal: vi.fn(() => {
        throw 'not even an Error';
      }),
    });
    expectError(await handlers[IPC_CHANNELS.openFiles](fromApp, validRequests[IPC_CHANNELS.openFiles]), /dialog exploded/);
    expectError(await handlers[IPC_CHANNELS.openExternal](fromApp, { url: 'https://example.com/' }), /not even an Error/);
  });

  it('never throws for an event without the expected shape', async () => {
    const { handlers } = fakeDeps();
    const broken = {
      get senderFrame(): never {
        throw new Error('frame disposed');
      },
    };
    expectError(await handlers[IPC_CHANNELS.appInfo](broken, undefined), /frame disposed/);
  });
});

describe('registerIpcHandlers', () => {
  it('registers one handler per invoke channel', () => {
    const { handlers } = fakeDeps();
    const handle = vi.fn();
    registerIpcHandlers({ handle }, handlers);
    expect(handle.mock.calls.map(([channel]) => channel).sort()).toEqual([
      'app:info',
      'app:quit-ready',
      'backups:list',
      'backups:read',
      'backups:write',
      'files:open',
      'files:save',
      'files:saveMany',
      'judge:forget',
      'judge:register',
      'judge:send',
      'judge:test',
      'links:open',
      'team:fetch',
      'team:forget',
      'team:register',
    ]);
  });
});
