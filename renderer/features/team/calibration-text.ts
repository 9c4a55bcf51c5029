// The team page's words for a calibration sample: what the judge's uncertainty is read from before
// the lead assigns, and what the stored sample is once drawn, so the lead sees why only some
// puzzles are assigned.

import type { CalibrationRule, CalibrationSample, UncertaintySource } from '../../../shared/domain/model';
import { countText } from '../../../shared/domain/count-text';
import type { JudgeSignal } from '../../../shared/study/calibration-sample';

export const RULE_TEXT: Record<CalibrationRule, string> = {
  uncertainty: 'a calibration sample where the judge is least sure',
  random: 'a plain random sample',
};

const SOURCE_TEXT: Record<UncertaintySource, string> = {
  samples: "the disagreement among the judge's repeated samples",
  probability: "the probability of the judge's label (log-probabilities)",
  judges: 'the other judges disagreeing with the judge',
};

/** How many puzzles have a judge signal and from what, and what the puzzles without one get. */
export function signalText(signal: JudgeSignal, puzzles: number): string {
  if (signal.source === undefined)
    return 'No puzzle has a judge signal (repeated samples, log-probabilities or a second judge), so this sample is drawn as a plain random sample.';
  const without = puzzles - signal.byPuzzle.size;
  const rest = without === 0 ? '' : ` The other ${countText(without, 'puzzle takes', 'puzzles take')} the share a plain random sample gives.`;
  return `The judge's uncertainty is read from ${SOURCE_TEXT[signal.source]}, on ${signal.byPuzzle.size.toLocaleString('en-US')} of ${countText(puzzles, 'puzzle', 'puzzles')}.${rest}`;
}

/** What the stored sample is: its rule, how many puzzles it drew of how many, and from what. */
export function sampleText(sample: CalibrationSample): string {
  const puzzles = Object.keys(sample.probabilities).length;
  const drawn = `${sample.chosen.length.toLocaleString('en-US')} of ${countText(puzzles, 'puzzle', 'puzzles')} drawn (budget ${sample.budget.toLocaleString('en-US')}, seed ${sample.seed})`;
  const from =
    sample.rule === 'random'
      ? `each with probability ${formatProbability(sample.budget / puzzles)}`
      : sample.source === undefined
        ? 'with no judge signal, so each alike'
        : `more likely where ${SOURCE_TEXT[sample.source]} is larger${sample.withoutSignal > 0 ? `; ${countText(sample.withoutSignal, 'puzzle', 'puzzles')} without a signal took the uniform share` : ''}`;
  return `This assignment is ${RULE_TEXT[sample.rule]}: ${drawn} ${timeText(sample.drawnAt)}, ${from}. Only these puzzles are assigned; every puzzle's probability of being drawn is kept with the study, so estimates can weight each label by one over it.`;
}

function timeText(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? `at ${at}` : `on ${date.toLocaleString()}`;
}

function formatProbability(probability: number): string {
  return probability.toLocaleString('en-US', { maximumSignificantDigits: 3 });
}
