// The lead's pages (team, report, adjudication) and the charting library they pull in load on
// first visit, so start-up and the annotator's workspace do not pay for them. The study
// overview preloads them in lead mode, so opening one does not wait for its code.

import { lazy } from 'react';

const loadTeam = () => import('../features/team/TeamView');
const loadReport = () => import('../features/report/ReportView');
const loadAdjudication = () => import('../features/adjudication/AdjudicationView');

export const TeamView = lazy(() => loadTeam().then((module) => ({ default: module.TeamView })));
export const ReportView = lazy(() => loadReport().then((module) => ({ default: module.ReportView })));
export const AdjudicationView = lazy(() => loadAdjudication().then((module) => ({ default: module.AdjudicationView })));

/** Starts loading every lead page; the module cache makes repeated calls free. */
export function preloadLeadPages(): void {
  void Promise.all([loadTeam(), loadReport(), loadAdjudication()]).catch(() => undefined);
}
