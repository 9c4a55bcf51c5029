// The layout of human-likeness (issue 31 point 4): per task, each judge's kappa with people
// against the spread of people's kappas with each other, its z and the words for it; and the
// player ranking under each judge of the final answers against the human one.

import { HUMAN_LIKENESS_PEOPLE } from '../stats/study/human-likeness';
import type { AgreementReport, JudgesSection, ReportTask } from './model/report-model';
import { formatPValue, formatStatistic, TASK_ORDER, UNDEFINED, type LayoutTable } from './table-layout';

const TASK_NAME: Record<ReportTask, string> = { match: 'M', answer: 'R' };

/** `0.712 ± 0.086 (10 pairs)`: people's mean kappa with its sample sd. */
function spreadCell(mean: number | null, sd: number | null, pairs: number): string {
  if (mean === null) return UNDEFINED;
  return `${formatStatistic(mean)}${sd === null ? '' : ` ± ${formatStatistic(sd)}`} (n=${pairs})`;
}

function likenessTable(judges: JudgesSection, task: ReportTask): LayoutTable {
  const rows = (judges.humanLikeness ?? []).filter((row) => row.task === task);
  const missing = rows.filter((row) => row.reason !== undefined);
  const reasons = [...new Set(missing.map((row) => row.reason as string))];
  return {
    id: `judges-human-likeness-${task}`,
    wide: true,
    title: `${TASK_NAME[task]}: is each judge human-like?`,
    caption:
      "The judge's Cohen's kappa with each person on the units both labelled, averaged over people, against people's kappas with each other (mean ± sample sd, n pairs): z = (judge - people's mean) / sd. Human-like: |z| < 1; more consistent than people: z of 1 or more; less consistent: z of −1 or less (Han et al. 2025, Judge's Verdict).",
    columns: ['Judge', 'Verdict', "Judge's kappa", "People's kappa", 'z'],
    labelColumns: 2,
    rows: rows.map((row) => ({
      labels: [row.judge, row.verdict ?? 'no z'],
      ids: [row.judge, row.verdict ?? 'none'],
      values: [
        formatStatistic(row.judgeKappa),
        spreadCell(row.peopleMean, row.peopleSd, row.peoplePairs),
        row.z === null ? UNDEFINED : formatStatistic(row.z, 2),
      ],
    })),
    notes: [
      ...reasons.map(
        (reason) =>
          `No z for ${missing
            .filter((row) => row.reason === reason)
            .map((row) => row.judge)
            .join(', ')}: ${reason}.`,
      ),
      `The spread is people's own: with fewer than ${HUMAN_LIKENESS_PEOPLE} people there is none, and with people who differ only by chance it is small and z swings; read z beside the kappas.`,
    ],
  };
}

function rankingTable(judges: JudgesSection): LayoutTable {
  const rows = judges.rankings ?? [];
  return {
    id: 'judges-rankings',
    wide: true,
    title: 'M: the player ranking under each judge',
    caption:
      "Players ranked by O/A under each judge's verdicts on the final answers and under the human majority's, on the sessions with a verdict under both: Kendall's tau-b of the two, its two-sided p as SciPy's kendalltau gives it (exact without ties and up to 33 players, else normal with ties), the seeded permutation p, and rank-biased overlap (p = 0.9).",
    columns: ['Judge', 'Players', 'Tau-b', 'p', 'Permutation p', 'RBO'],
    labelColumns: 1,
    rows: rows.map(({ judge, ranking }) => ({
      labels: [judge],
      ids: [judge],
      values:
        ranking === null
          ? [UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED]
          : [
              String(ranking.humanRanking.length),
              formatStatistic(ranking.kendallTauB),
              formatPValue(ranking.kendallP),
              formatPValue(ranking.permutationP),
              formatStatistic(ranking.rankBiasedOverlap),
            ],
    })),
    notes: [
      ...(rows.some((row) => row.ranking === null)
        ? ['–: fewer than two players have a session with a verdict under both, or no session has a final answer.']
        : []),
      'The p-values take the players as independent of each other; with few players, tau-b moves in large steps and its p is coarse.',
    ],
  };
}

/** The human-likeness tables, M first, and the rankings when a judge gave verdicts on final answers. */
export function humanLikenessTables(report: AgreementReport): LayoutTable[] {
  const judges = report.judges;
  if (judges === undefined) return [];
  const likeness = judges.humanLikeness ?? [];
  return [
    ...TASK_ORDER.filter((task) => likeness.some((row) => row.task === task)).map((task) => likenessTable(judges, task)),
    ...((judges.rankings ?? []).length > 0 ? [rankingTable(judges)] : []),
  ];
}
