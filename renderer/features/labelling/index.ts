// The labelling feature's public entry: what other features may use of it (the label button, the
// marking of several acceptable answers, and the study page's entry points).

export { asAnswer, markedLabel, sameAnswers, toggleMark } from './answer-marks';
export { LabelButton } from './LabelButton';
export { LabelEntryPoints } from './LabelEntryPoints';
