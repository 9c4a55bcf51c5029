// The team feature's public entry: what other features may use of it.

export { ExportLabelsButton } from './ExportLabelsButton';
export { WorkProgressNotice } from './WorkProgressNotice';
