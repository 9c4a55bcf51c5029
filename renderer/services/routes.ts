// The app's places as data, kept in the URL hash so a reload returns to the same place.

import { TASKS, type Task } from '../../shared/domain/model';
import type { ReportTask } from '../../shared/report/model/report-model';

const REPORT_TASKS: readonly ReportTask[] = ['answer', 'match'];

export type Route =
  | { view: 'library' }
  /** What the studio is for, each role's path through it, and the keys. */
  | { view: 'help' }
  | { view: 'study'; studyId: string }
  | { view: 'transcript'; studyId: string; sessionId: string }
  /** The lead's team page: assignment, packs, label files and coverage. */
  | { view: 'team'; studyId: string }
  /** The labelling workspace of one task; `unitId` asks it to open on that unit. */
  | { view: 'label'; studyId: string; task: Task; unitId?: string }
  /** The lead's agreement report of a study. */
  | { view: 'report'; studyId: string }
  /** The lead's judge runs: endpoints, prompt versions, runs and how each version agrees with people. */
  | { view: 'judges'; studyId: string }
  /** The lead's queue of disagreements; `task` and `unitId` ask it to open on that unit. */
  | { view: 'adjudicate'; studyId: string; task?: ReportTask; unitId?: string }
  /**
   * An invitation to label on a team server: `payload` is a link's (base64url of the invitation's
   * JSON); without one the page shows the invitation file opened in the library (studio-store.ts).
   */
  | { view: 'invitation'; payload?: string };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map(decodeURIComponentSafe);
  if (parts[0] === 'help' && parts.length === 1) return { view: 'help' };
  if (parts[0] === 'invitation' && parts.length <= 2) return parts[1] === undefined ? { view: 'invitation' } : { view: 'invitation', payload: parts[1] };
  if (parts[0] === 'study' && parts[1] !== undefined) {
    if (parts[2] === 'session' && parts[3] !== undefined) return { view: 'transcript', studyId: parts[1], sessionId: parts[3] };
    if (parts[2] === 'team' && parts.length === 3) return { view: 'team', studyId: parts[1] };
    if (parts[2] === 'report' && parts.length === 3) return { view: 'report', studyId: parts[1] };
    if (parts[2] === 'judges' && parts.length === 3) return { view: 'judges', studyId: parts[1] };
    if (parts[2] === 'adjudicate') return adjudicateRoute(parts[1], parts.slice(3));
    const task = TASKS.find((name) => name === parts[3]);
    if (parts[2] === 'label' && task !== undefined) {
      // Unit ids may contain "/" (turn ids such as "s-1/3"), so the rest of the path is the id.
      const unitId = parts.slice(4).join('/');
      return unitId === '' ? { view: 'label', studyId: parts[1], task } : { view: 'label', studyId: parts[1], task, unitId };
    }
    return { view: 'study', studyId: parts[1] };
  }
  return { view: 'library' };
}

export function routeToHash(route: Route): string {
  switch (route.view) {
    case 'library':
      return '#/';
    case 'help':
      return '#/help';
    case 'invitation':
      return route.payload === undefined ? '#/invitation' : `#/invitation/${route.payload}`;
    case 'study':
      return `#/study/${encodeURIComponent(route.studyId)}`;
    case 'transcript':
      return `#/study/${encodeURIComponent(route.studyId)}/session/${encodeURIComponent(route.sessionId)}`;
    case 'team':
      return `#/study/${encodeURIComponent(route.studyId)}/team`;
    case 'label': {
      const base = `#/study/${encodeURIComponent(route.studyId)}/label/${route.task}`;
      return route.unitId === undefined ? base : `${base}/${encodeURIComponent(route.unitId)}`;
    }
    case 'report':
      return `#/study/${encodeURIComponent(route.studyId)}/report`;
    case 'judges':
      return `#/study/${encodeURIComponent(route.studyId)}/judges`;
    case 'adjudicate': {
      const base = `#/study/${encodeURIComponent(route.studyId)}/adjudicate`;
      if (route.task === undefined) return base;
      return route.unitId === undefined ? `${base}/${route.task}` : `${base}/${route.task}/${encodeURIComponent(route.unitId)}`;
    }
  }
}

/** `adjudicate[/<task>[/<unit id>]]`; an unknown task opens the queue at its default task. */
function adjudicateRoute(studyId: string, rest: readonly string[]): Route {
  const task = REPORT_TASKS.find((name) => name === rest[0]);
  if (task === undefined) return { view: 'adjudicate', studyId };
  // As in the labelling route, the rest of the path is the unit id, slashes and all.
  const unitId = rest.slice(1).join('/');
  return unitId === '' ? { view: 'adjudicate', studyId, task } : { view: 'adjudicate', studyId, task, unitId };
}

function decodeURIComponentSafe(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
