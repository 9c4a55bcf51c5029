// Seeded studies with a judge whose bias is known (issue 31 point 3): people who mostly agree
// with the truth, and a judge `gpt-4.1` (OpenAI) that errs at random and, as asked, says yes more
// often than people, is lenient only to players of its own family, or to final answers stated with certainty.
// Players are of three families; questions and final answers vary in length and tone.

import { createPrng, type Prng } from '../../../../shared/random/prng';
import type { StudyData } from '../../../../shared/domain/model';
import type { StudyLabel } from '../../../../shared/stats/study/study-units';
import { handStudy, type SessionSpec, type TurnSpec } from './study-fixtures';

export const BIASED_JUDGE = 'gpt-4.1@judge';

/** The judge's order-swapped twin, which only judges final answers (orderSwapFlips). */
export const SWAPPED_JUDGE = `${BIASED_JUDGE} (order swapped)`;

const PLAYERS = ['gpt-4o', 'claude-3-5-sonnet', 'qwen2.5-72b-instruct'] as const;

export interface BiasStudyOptions {
  seed: number;
  puzzles: number;
  /** How much more often the judge says yes (matched) than people, everywhere: it turns that share of all labels, taken from the others, into yes. */
  yesPoints?: number;
  /** The same, only on sessions of an OpenAI player. */
  ownFamilyBoost?: number;
  /** The same, only on final answers stated with certainty. */
  certaintyBoost?: number;
  /** Chance that the judge gives another label than the truth (default 0.1, as each person does). */
  judgeErrorRate?: number;
  /** Each person's chance of another label than the truth; one person each (default three at 0.1). */
  peopleErrorRates?: readonly number[];
  /** Ask the judge this many times a turn, each sample erring on its own; its label is their majority, the first on a tie. */
  samples?: number;
  /** The judge's label comes with a probability: it is right with chance c ~ U(0.55, 1) and says c (`calibrated`) or c + 0.2, at most 1 (`overconfident`). */
  probability?: 'calibrated' | 'overconfident';
  /** Add the judge's order-swapped twin on the final answers, which changes this share of its verdicts. */
  orderSwapFlips?: number;
}

const QUESTION_WORDS = ['was', 'the', 'man', 'alone', 'in', 'a', 'boat', 'at', 'night', 'when', 'it', 'happened', 'near', 'sea', 'with', 'his', 'wife'];
const HEDGES = ['Maybe', 'Perhaps', 'I think', 'Possibly'];

function sentence(prng: Prng, words: number): string {
  return Array.from({ length: words }, () => prng.pick(QUESTION_WORDS)).join(' ');
}

const other = <T extends string>(prng: Prng, labels: readonly T[], not: T): T => prng.pick(labels.filter((label) => label !== not));

/** The most common label, the first given on a tie, as a run takes it. */
function majority<T extends string>(samples: readonly T[]): T {
  const counts = new Map<T, number>();
  for (const sample of samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  let best = samples[0] as T;
  for (const [label, count] of counts) if (count > (counts.get(best) ?? 0)) best = label;
  return best;
}

export function biasStudy(options: BiasStudyOptions): { study: StudyData; labels: StudyLabel[] } {
  const prng = createPrng(options.seed);
  const errorRates = options.peopleErrorRates ?? [0.1, 0.1, 0.1];
  const sessions: SessionSpec[] = [];
  const puzzles = Array.from({ length: options.puzzles }, (_, p) => ({ id: `p${p}`, difficulty: 1 + (p % 9) }));
  for (const puzzle of puzzles) {
    for (let s = 0; s < 2; s++) {
      const player = prng.pick(PLAYERS);
      const own = player.startsWith('gpt');
      const turns: TurnSpec[] = [];
      const once = <T extends string>(labels: readonly T[], truth: T, positive: T, certain: boolean): T => {
        const erred = prng.chance(options.judgeErrorRate ?? 0.1) ? other(prng, labels, truth) : truth;
        // The truth is positive on 1 in labels.length units, so a boost of b on the rest adds b (1 - 1 / labels.length) to the positive rate.
        const yesBoost = (options.yesPoints ?? 0) / (1 - 1 / labels.length);
        const boost = yesBoost + (own ? (options.ownFamilyBoost ?? 0) : 0) + (certain ? (options.certaintyBoost ?? 0) : 0);
        return erred !== positive && prng.chance(boost) ? positive : erred;
      };
      const judged = <T extends string>(labels: readonly T[], truth: T, positive: T, certain: boolean): Pick<TurnSpec, 'judges' | 'confidence'> => {
        if (options.samples !== undefined) {
          const samples = Array.from({ length: options.samples }, () => once(labels, truth, positive, certain));
          return { judges: { [BIASED_JUDGE]: majority(samples) }, confidence: { [BIASED_JUDGE]: { samples } } };
        }
        if (options.probability !== undefined) {
          const c = 0.55 + 0.45 * prng.next();
          const label = prng.chance(c) ? truth : other(prng, labels, truth);
          return {
            judges: { [BIASED_JUDGE]: label },
            confidence: { [BIASED_JUDGE]: { probability: options.probability === 'calibrated' ? c : Math.min(1, c + 0.2) } },
          };
        }
        return { judges: { [BIASED_JUDGE]: once(labels, truth, positive, certain) } };
      };
      const people = <T extends string>(labels: readonly T[], truth: T): Record<string, T> =>
        Object.fromEntries(errorRates.map((rate, a) => [`a${a + 1}`, prng.chance(rate) ? other(prng, labels, truth) : truth]));
      for (let q = 0; q < 3; q++) {
        const answers = ['yes', 'no', 'irrelevant'] as const;
        const truth = prng.pick(answers);
        turns.push({
          id: `${puzzle.id}-s${s}-q${q}`,
          text: `${sentence(prng, prng.int(3, 14))}?`,
          ...judged(answers, truth, 'yes', false),
          humans: people(answers, truth),
        });
      }
      const finals = ['matched', 'unmatched'] as const;
      const truth = prng.pick(finals);
      const certain = prng.chance(0.5);
      const statement = sentence(prng, prng.int(4, 20));
      const final = judged(finals, truth, 'matched', certain);
      if (options.orderSwapFlips !== undefined) {
        const label = final.judges[BIASED_JUDGE] as (typeof finals)[number];
        final.judges[SWAPPED_JUDGE] = prng.chance(options.orderSwapFlips) ? other(prng, finals, label) : label;
      }
      turns.push({
        id: `${puzzle.id}-s${s}-f`,
        final: true,
        text: certain ? `${statement}.` : `${prng.pick(HEDGES)} ${statement}.`,
        ...final,
        humans: people(finals, truth),
      });
      sessions.push({ id: `${puzzle.id}-s${s}`, puzzleId: puzzle.id, player, judge: BIASED_JUDGE, turns });
    }
  }
  return handStudy(puzzles, sessions);
}
