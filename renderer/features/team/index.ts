// The team feature's public entry: what other features may use of it.

export { ExportLabelsButton } from './ExportLabelsButton';
export { NextTry } from './NextTry';
export { WorkProgressNotice } from './WorkProgressNotice';
