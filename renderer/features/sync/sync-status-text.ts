// An annotator's sync state in the few words their screens show: synced, how many labels wait,
// offline (they wait here and go when the server can be reached), or refused and why.

import type { AnnotatorSyncStatus } from '../../workers/sync-protocol';

/** `ended`: why the push stopped by itself, when it did. */
export function annotatorSyncText(status: AnnotatorSyncStatus | undefined, ended?: string): string {
  if (ended !== undefined) return `Not syncing: ${ended}`;
  if (status === undefined) return 'Connecting to the team server…';
  switch (status.state) {
    case 'connecting':
      return 'Connecting to the team server…';
    case 'synced':
      return 'Synced';
    case 'waiting':
      return `${status.waiting.toLocaleString('en-US')} waiting`;
    case 'offline':
      return status.waiting === 0
        ? 'Offline: nothing waiting'
        : `Offline: ${status.waiting.toLocaleString('en-US')} waiting, sent when the server can be reached`;
    case 'refused':
      return `Refused: ${status.reason ?? 'the server refused this account'}`;
  }
}
