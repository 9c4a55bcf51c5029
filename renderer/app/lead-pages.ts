// The lead's pages (team, report, adjudication, judges) and the charting library they pull in load on
// first visit, so start-up and the annotator's workspace do not pay for them. The app preloads
// them when the study overview shows the lead's entries, so opening one does not wait for its code.

import { lazyPage } from './lazy-page';

const team = lazyPage(() => import('../features/team/TeamView').then((module) => module.TeamView));
const report = lazyPage(() => import('../features/report/ReportView').then((module) => module.ReportView));
const adjudication = lazyPage(() => import('../features/adjudication/AdjudicationView').then((module) => module.AdjudicationView));
const judges = lazyPage(() => import('../features/judges/JudgesView').then((module) => module.JudgesView));

export const TeamView = team.Page;
export const ReportView = report.Page;
export const AdjudicationView = adjudication.Page;
export const JudgesView = judges.Page;

/** Starts loading every lead page; the module cache makes repeated calls free. */
export function preloadLeadPages(): void {
  void Promise.all([team.preload(), report.preload(), adjudication.preload(), judges.preload()]).catch(() => undefined);
}
