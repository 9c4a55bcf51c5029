// The report worker's helper on a machine with two cores: the report's player outcomes and
// judges section (reportJudges), computed beside the rest of the report, which the report
// worker computes meanwhile (report-threads.ts). Holds nothing between calls.

import * as Comlink from 'comlink';
import { reportJudges, type ReportInput, type ReportJudges } from '../../shared/report/build-report';

const api = {
  reportJudges(input: Omit<ReportInput, 'onProgress'>): ReportJudges {
    return reportJudges(input);
  },
};

export type ReportJudgesWorkerApi = typeof api;

Comlink.expose(api);
