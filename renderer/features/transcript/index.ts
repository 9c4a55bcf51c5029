// The transcript feature's public entry: what other features may use of it.

export { PuzzlePanels } from './PuzzlePanels';
