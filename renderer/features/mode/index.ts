// The studio mode's public entry: what other features may use of it (the lead or annotator mode,
// the blinded views of sessions and turns, the page an annotator sees instead of a lead's).

export { blindSession, blindTurn, type BlindSession, type BlindTurn } from './blind';
export { LeadOnlyPage } from './LeadOnlyPage';
export { useLabellingAnnotator } from './useLabellingAnnotator';
export { useStudioMode } from './useStudioMode';
