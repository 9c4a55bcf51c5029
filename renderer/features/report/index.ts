// The report feature's public entry: what other features may use of it (number wording, the M/R task
// switch and the disagreements the lead adjudicates).

export { percentText } from './report-text';
export { useDisagreements } from './useDisagreements';
export { TaskSwitch } from './TaskSwitch';
