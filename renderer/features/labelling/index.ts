// The labelling feature's public entry: what other features may use of it (the label button and
// the study page's entry points).

export { LabelButton } from './LabelButton';
export { LabelEntryPoints } from './LabelEntryPoints';
