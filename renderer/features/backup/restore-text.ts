// The words of a restore: the confirmation that says what the backup holds, what of it is not
// read and what it replaces, and the lines shown once it is done. Pure functions of the backup's
// summary and the stored study.

import { countText } from '../../../shared/domain/count-text';
import { unreadMemberText } from '../../../shared/formats/format-header';
import type { BackupSummary } from '../../workers/backup-protocol';

/** The study as it is in the library now, or undefined when it is not there. */
export interface CurrentStudy {
  name: string;
  labels: number;
  gold: number;
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function restoreQuestion(summary: BackupSummary, current: CurrentStudy | undefined): string {
  const { counts } = summary;
  const holds = `The backup holds ${countText(counts.puzzles, 'puzzle')}, ${countText(counts.sessions, 'session')}, ${countText(counts.turns, 'turn')}, ${countText(counts.annotators, 'annotator')}, ${countText(counts.labels, 'label')} and ${countText(counts.gold, 'gold label')}.`;
  const replaces =
    current === undefined
      ? 'The study is not in the library now; restoring adds it.'
      : `This replaces the study "${current.name}" on this computer (now ${countText(current.labels, 'label')} and ${countText(current.gold, 'gold label')}): everything done in it since the backup is lost. The history keeps a record of the restore.`;
  const notRead = notReadLines(summary);
  return [
    `Restore the study "${summary.studyName}" (${summary.studyId}) from the backup of ${when(summary.createdAt)}?`,
    holds,
    ...(notRead.length > 0 ? [notRead.join('\n')] : []),
    replaces,
  ].join('\n\n');
}

/** One line per member of the backup file that a restore does not read: `b.backup.json: not read: the member "extra" (…)`. */
export function notReadLines(summary: BackupSummary): string[] {
  return (summary.notRead ?? []).map(unreadMemberText);
}

export function restoredText(summary: BackupSummary): string {
  return `Restored "${summary.studyName}" from the backup of ${when(summary.createdAt)}: ${countText(summary.counts.labels, 'label')}, ${countText(summary.counts.gold, 'gold label')}.`;
}
