// The URL hash as the app's places: every route survives a round trip, the labelling and
// adjudication routes carry a task and an optional unit id (turn ids contain "/"), the invitation
// route an optional link payload, and anything else is the library.

import { describe, expect, it } from 'vitest';
import { parseRoute, routeToHash, type Route } from '../../../renderer/services/routes';

describe('routes', () => {
  const routes: Route[] = [
    { view: 'library' },
    { view: 'help' },
    { view: 'study', studyId: 'demo-study' },
    { view: 'transcript', studyId: 'demo-study', sessionId: 's-coffee-orca' },
    { view: 'team', studyId: 'demo-study' },
    { view: 'team', studyId: 'study with spaces & #' },
    { view: 'label', studyId: 'demo-study', task: 'answer' },
    { view: 'label', studyId: 'demo-study', task: 'match', unitId: 's-coffee-orca/10' },
    { view: 'label', studyId: 'study with spaces & #', task: 'difficulty', unitId: 'p-cold-coffee' },
    { view: 'report', studyId: 'demo-study' },
    { view: 'report', studyId: 'study with spaces & #' },
    { view: 'judges', studyId: 'demo-study' },
    { view: 'judges', studyId: 'study with spaces & #' },
    { view: 'adjudicate', studyId: 'demo-study' },
    { view: 'adjudicate', studyId: 'demo-study', task: 'answer' },
    { view: 'adjudicate', studyId: 'demo-study', task: 'match', unitId: 's-coffee-orca/10' },
    { view: 'adjudicate', studyId: 'study with spaces & #', task: 'answer', unitId: 'odd id/with % and #' },
    { view: 'invitation' },
    { view: 'invitation', payload: 'eyJmb3JtYXQiOiJhZ3JlZW1lbnQtc3R1ZGlvLmludml0YXRpb24vMSJ9' },
  ];

  it.each(routes)('round-trips %j', (route) => {
    expect(parseRoute(routeToHash(route))).toEqual(route);
  });

  it('formats the labelling route as the workspace contract says', () => {
    expect(routeToHash({ view: 'label', studyId: 'demo-study', task: 'answer' })).toBe('#/study/demo-study/label/answer');
    expect(routeToHash({ view: 'label', studyId: 'demo-study', task: 'answer', unitId: 's-1/3' })).toBe('#/study/demo-study/label/answer/s-1%2F3');
  });

  it('reads a unit id written with a plain slash, as a person would type it', () => {
    expect(parseRoute('#/study/demo-study/label/answer/s-coffee-orca/4')).toEqual({
      view: 'label',
      studyId: 'demo-study',
      task: 'answer',
      unitId: 's-coffee-orca/4',
    });
  });

  it('formats the team route under its study', () => {
    expect(routeToHash({ view: 'team', studyId: 'pilot-2026' })).toBe('#/study/pilot-2026/team');
    expect(parseRoute('#/study/pilot-2026/team/')).toEqual({ view: 'team', studyId: 'pilot-2026' });
    expect(parseRoute('#/study/pilot-2026/team/extra')).toEqual({ view: 'study', studyId: 'pilot-2026' });
  });

  it('falls back to the study for an unknown task, and to the library for anything else', () => {
    expect(parseRoute('#/study/demo-study/label/judge')).toEqual({ view: 'study', studyId: 'demo-study' });
    expect(parseRoute('#/study/demo-study/label')).toEqual({ view: 'study', studyId: 'demo-study' });
    expect(parseRoute('#/nowhere')).toEqual({ view: 'library' });
    expect(parseRoute('')).toEqual({ view: 'library' });
  });

  it('formats the report and adjudication routes as the report contract says', () => {
    expect(routeToHash({ view: 'report', studyId: 'demo-study' })).toBe('#/study/demo-study/report');
    expect(routeToHash({ view: 'adjudicate', studyId: 'demo-study' })).toBe('#/study/demo-study/adjudicate');
    expect(routeToHash({ view: 'adjudicate', studyId: 'demo-study', task: 'match' })).toBe('#/study/demo-study/adjudicate/match');
    expect(routeToHash({ view: 'adjudicate', studyId: 'demo-study', task: 'answer', unitId: 's-1/3' })).toBe('#/study/demo-study/adjudicate/answer/s-1%2F3');
    // A trailing slash names no unit.
    expect(parseRoute('#/study/demo-study/adjudicate/answer/')).toEqual({ view: 'adjudicate', studyId: 'demo-study', task: 'answer' });
  });

  it('reads an adjudication unit id written with a plain slash', () => {
    expect(parseRoute('#/study/demo-study/adjudicate/answer/s-coffee-orca/4')).toEqual({
      view: 'adjudicate',
      studyId: 'demo-study',
      task: 'answer',
      unitId: 's-coffee-orca/4',
    });
  });

  it('opens the queue at its default task for a task that cannot be adjudicated, and the study for a report with extra parts', () => {
    expect(parseRoute('#/study/demo-study/adjudicate/difficulty/p-cold-coffee')).toEqual({ view: 'adjudicate', studyId: 'demo-study' });
    expect(parseRoute('#/study/demo-study/report/extra')).toEqual({ view: 'study', studyId: 'demo-study' });
  });

  it('keeps the judges page at #/study/<id>/judges, so a reload after adding an endpoint returns to it', () => {
    expect(routeToHash({ view: 'judges', studyId: 'demo-study' })).toBe('#/study/demo-study/judges');
    expect(parseRoute('#/study/demo-study/judges')).toEqual({ view: 'judges', studyId: 'demo-study' });
    expect(parseRoute('#/study/demo-study/judges/extra')).toEqual({ view: 'study', studyId: 'demo-study' });
  });
});
