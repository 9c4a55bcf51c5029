// The planner's answer in a study lead's words: the target, the study's size now and what it
// reaches, the recommended size and how many more that is, and what the simulated studies
// predict there; shares as percentages and widths and differences in points, as the page writes them.

import { BUCKET_NAME, formatStatistic } from '../../../shared/report/table-layout';
import type { PlanTarget, PlanTrial, StudyPlan } from '../../workers/plan-protocol';
import { percentText, TASK_NAMES } from './report-text';

/** A share (0..1) in percentage points: 0.052 -> `5.2 points`. */
function pointsText(share: number): string {
  return `${formatStatistic(share * 100, 1)} points`;
}

/** A message that starts in lower case and ends bare, as the planner's are, written as a sentence. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

function targetText(target: PlanTarget): string {
  switch (target.kind) {
    case 'width':
      return `the 95% interval of ${target.judge}'s agreement with the human majority at most ${pointsText(target.width)} wide`;
    case 'power':
      return `${target.judge} passes the Alt-Test (ε = ${target.epsilon}) with a chance of ${percentText(target.power)}`;
    case 'difference':
      return target.difference === undefined
        ? `the smallest difference between ${target.judges[0]} and ${target.judges[1]} the paired test finds`
        : `the paired test finds a difference of ${pointsText(target.difference)} between ${target.judges[0]} and ${target.judges[1]}`;
  }
}

export function headingText(plan: StudyPlan): string {
  return `Plan for ${TASK_NAMES[plan.task]}, ${plan.bucket === 'all' ? 'all buckets' : `the ${BUCKET_NAME[plan.bucket]} bucket`}: ${targetText(plan.target)}.`;
}

function sizeText(plan: StudyPlan, size: StudyPlan['current']): string {
  const puzzles = plan.bucket === 'all' ? `${size.puzzles} puzzles` : `${size.puzzles} puzzles in the bucket (${size.studyPuzzles} in the study)`;
  return `${puzzles} with ${size.annotatorsPerPuzzle} people per puzzle`;
}

/** What the simulated studies of one size reached. */
function trialText(plan: StudyPlan, trial: PlanTrial): string {
  const studies = `${trial.repeats} simulated studies`;
  switch (plan.target.kind) {
    case 'width': {
      const reached = `${percentText(trial.share)} of ${studies} reach the width`;
      return trial.width === undefined
        ? reached
        : `${reached}; in ${percentText(plan.level)} of them the interval is at most ${pointsText(trial.width.atLevel)} wide (median ${pointsText(trial.width.median)})`;
    }
    case 'power':
      return `the judge passes the Alt-Test in ${percentText(trial.share)} of ${studies}`;
    case 'difference':
      return `the paired test finds ${trial.difference === undefined ? 'the difference' : `a difference of ${pointsText(trial.difference)}`} in ${percentText(trial.share)} of ${studies}`;
  }
}

export function currentText(plan: StudyPlan): string {
  return `Now: ${sizeText(plan, plan.current)}: ${trialText(plan, plan.atCurrent)}.`;
}

/** The recommendation, or why there is none; for a difference without a size, the smallest difference found. */
export function recommendationText(plan: StudyPlan): string {
  if (plan.detectableDifference !== undefined)
    return plan.detectableDifference === null
      ? `No difference is found with ${percentText(plan.level)} power: ${plan.reason ?? ''}.`
      : `The smallest difference the paired test finds with ${percentText(plan.level)} power at the study's ${plan.current.puzzles} puzzles is ${pointsText(plan.detectableDifference)}.`;
  if (plan.recommended === null || plan.more === null) return asSentence(`no size is recommended: ${plan.reason ?? 'the target is out of reach'}`);
  return `Recommended: ${sizeText(plan, plan.recommended)} (${moreText(plan, plan.more)}).`;
}

function moreText(plan: StudyPlan, more: NonNullable<StudyPlan['more']>): string {
  if (plan.vary === 'annotators')
    return more.annotatorsPerPuzzle === 0 ? 'as many people as now are enough' : `${more.annotatorsPerPuzzle} more people per puzzle`;
  if (more.puzzles === 0) return 'the study is already large enough';
  return plan.bucket === 'all' ? `${more.puzzles} more puzzles` : `${more.puzzles} more puzzles in the bucket, about ${more.studyPuzzles} more in the study`;
}

/** What the simulated studies predict at the recommended size (or the smallest difference found); undefined when there is none. */
export function predictionText(plan: StudyPlan): string | undefined {
  if (plan.atRecommended === null) return undefined;
  const at = plan.detectableDifference === undefined ? `At that size` : `At that difference`;
  return `${at}, ${trialText(plan, plan.atRecommended)}.`;
}
