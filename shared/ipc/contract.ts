// The IPC contract between the Electron preload and main process: channel names and
// result envelopes, defined once so both sides agree. Handlers never throw across processes.

export const IPC_CHANNELS = {
  openFiles: 'files:open',
  saveFile: 'files:save',
  saveFiles: 'files:saveMany',
  appInfo: 'app:info',
  openExternal: 'links:open',
  importRequested: 'menu:import',
  writeBackup: 'backups:write',
  listBackups: 'backups:list',
  readBackup: 'backups:read',
  /** Main to renderer: the window is closing; snapshot what changed, then answer on quitReady. */
  beforeQuit: 'app:before-quit',
  quitReady: 'app:quit-ready',
  registerJudgeEndpoint: 'judge:register',
  forgetJudgeEndpoint: 'judge:forget',
  sendJudgeRequest: 'judge:send',
  testJudgeEndpoint: 'judge:test',
  registerTeamServer: 'team:register',
  forgetTeamServer: 'team:forget',
  fetchTeamServer: 'team:fetch',
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Largest file the main process will read for the renderer (docs/formats.md#transcript-bundle: bundles up to 200 MB). */
export const MAX_OPEN_FILE_BYTES = 200 * 1024 * 1024;
