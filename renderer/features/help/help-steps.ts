// The two paths through the studio as data: the lead's (from a benchmark's files to exported
// tables) and the annotator's (from a pack or an invitation to labels sent back), each step with
// the pages it happens on, so the Help page can link every step to its page of a chosen study.

import type { Route } from '../../services/routes';
import type { WorkspaceAction } from '../settings';

/** A page of the app a step happens on; the study pages need a study to link to. */
export type StepPage =
  { view: 'library' } | { view: 'invitation' } | { view: 'study' | 'team' | 'judges' | 'report' | 'adjudicate' } | { view: 'label'; task: 'answer' };

/** The keys of an action as the user has them, in words ("S", "J or K", "no key"). */
export type KeysOf = (action: WorkspaceAction) => string;

export interface HelpStep {
  id: string;
  title: string;
  /** What to do, in a sentence or three; the annotator's steps name the keys as the user has them. */
  text: string | ((keysOf: KeysOf) => string);
  pages: readonly StepPage[];
  /** Words the step's page shows, each in a sentence. */
  terms?: ReadonlyArray<readonly [term: string, meaning: string]>;
}

export interface HelpPath {
  id: 'lead' | 'annotator';
  title: string;
  /** The repository's full guide for this role, which the help is the short form of. */
  guide: string;
  steps: readonly HelpStep[];
}

/** The page's name as its link says it. */
export const PAGE_NAMES: Readonly<Record<StepPage['view'], string>> = {
  library: 'Studies',
  invitation: 'Invitation',
  study: 'Study',
  team: 'Team',
  judges: 'Judges',
  report: 'Report',
  adjudicate: 'Adjudicate',
  label: 'Answer questions',
};

/** The route of a step's page; undefined for a study page when no study is chosen. */
export function stepRoute(page: StepPage, studyId: string | undefined): Route | undefined {
  if (page.view === 'library' || page.view === 'invitation') return { view: page.view };
  if (studyId === undefined) return undefined;
  if (page.view === 'label') return { view: 'label', studyId, task: page.task };
  return { view: page.view, studyId };
}

export const LEAD_PATH: HelpPath = {
  id: 'lead',
  title: 'The study lead’s path',
  guide: 'docs/lead.md',
  steps: [
    {
      id: 'import',
      title: 'Import a benchmark’s files',
      text:
        'On the Studies page choose Import transcripts… or drop the files on the window. The studio tells the layouts apart by their content: its own ' +
        'transcript bundles, TurtleBench, TurtleSoup-Bench, SPLAT, GuessTheRuleBench, GameArena, AgentBench, DeepTurtle, AR-Bench and public puzzle ' +
        'lists. Give a run its companion files in the same import (TurtleBench’s stories.json, SPLAT’s log.csv and config.yaml), and check the preview ' +
        'before anything is stored.',
      pages: [{ view: 'library' }],
    },
    {
      id: 'mapping',
      title: 'Map the fields of an unknown layout',
      text:
        'Any other JSON, JSON lines, CSV or Excel file goes through the mapping step: the preview offers Map fields…, where you say which field is the ' +
        'puzzle, the question, the judge’s reply and any human labels. Save the mapping as a preset to use it again, here or with the command line’s ' +
        '--mapping.',
      pages: [{ view: 'library' }],
    },
    {
      id: 'library',
      title: 'Find the study in the Library',
      text: 'Each import is a study on the Studies page. Open it to see its puzzles and sessions, and any session’s transcript turn by turn.',
      pages: [{ view: 'library' }, { view: 'study' }],
    },
    {
      id: 'judge-run',
      title: 'Run a judge on the Judges page',
      text:
        'Add an endpoint (any server that speaks the OpenAI chat-completions protocol; its key stays with the app), write a prompt version (a judge is a ' +
        'model with a prompt version, model@version, and a saved version never changes), add few-shot examples if you like, and run it on the study.',
      pages: [{ view: 'judges' }],
    },
    {
      id: 'judge-improve',
      title: 'Improve the judge without fooling yourself',
      text:
        'The split for improving the judge puts each puzzle in examples (few-shot examples come from there), development (versions are compared there) ' +
        'or a held-out test. Search for a better prompt proposes versions from the disagreements on development and keeps the best by Cohen’s κ; run the ' +
        'best once on the held-out test for the verdict. The report counts every look at the test split.',
      pages: [{ view: 'judges' }],
    },
    {
      id: 'assign',
      title: 'Assign the units, then write packs or use the team server',
      text:
        'On the Team page name the annotators and assign who labels what. Then either write one blind pack per annotator (Write packs…) and send each ' +
        'their file, or connect a team server and send each annotator an invitation.',
      pages: [{ view: 'team' }],
    },
    {
      id: 'pull',
      title: 'Pull the labels',
      text:
        'Import the label files annotators send back on the Team page (Import label files…), or let the team server pull their labels by itself; the ' +
        'coverage shows who still owes what.',
      pages: [{ view: 'team' }],
    },
    {
      id: 'report',
      title: 'Read the report and its Judges section',
      text:
        'The Report gives agreement among people per difficulty bucket, then the Judges section: each judge against the human majority, and the ' +
        'judges side by side.',
      pages: [{ view: 'report' }],
      terms: [
        ['Agreement', 'how often the judge gives the label the human majority gave.'],
        ['Kappa (κ)', 'agreement corrected for what chance alone would give: 0 is chance, 1 is perfect.'],
        ['Leniency', 'which way the judge errs: lenient says yes (or matched) where people said no (or unmatched), severe the reverse.'],
        [
          'Alt-Test',
          'whether the judge could stand in for an annotator: each annotator is left out in turn, and the judge must match the others as well as they did, up to ε.',
        ],
        ['Fitness card', 'what a judge may be used for and the evidence, on one page to save as Markdown, LaTeX or JSON.'],
      ],
    },
    {
      id: 'adjudicate',
      title: 'Adjudicate the disagreements',
      text: 'Adjudicate walks you through the units where people disagree, one at a time, and records your decision as the gold label.',
      pages: [{ view: 'adjudicate' }],
    },
    {
      id: 'export',
      title: 'Export the dataset and the tables',
      text: 'The report’s Export section saves the labelled dataset (JSONL or CSV: one row per unit with every label, the majority and the gold label) and the report (JSON, Markdown, CSV or LaTeX).',
      pages: [{ view: 'report' }],
    },
  ],
};

export const ANNOTATOR_PATH: HelpPath = {
  id: 'annotator',
  title: 'The annotator’s path',
  guide: 'docs/annotator.md',
  steps: [
    {
      id: 'open',
      title: 'Open your pack or your invitation',
      text:
        'A pack (.pack.json): open it on the Studies page or drop it on the window. An invitation (a file or a link from your lead): open it and the ' +
        'studio reads your packs from the team server. Either way the studio switches to annotator mode: no judge labels, no figures.',
      pages: [{ view: 'library' }, { view: 'invitation' }],
    },
    {
      id: 'keys',
      title: 'Label with one key per unit',
      text: (keysOf) =>
        `Open a task and press a label’s key: on a question ${keysOf('answer:yes')} for yes, ${keysOf('answer:no')} for no, ` +
        `${keysOf('answer:irrelevant')} for irrelevant; on a final answer ${keysOf('match:matched')} for matched, ${keysOf('match:unmatched')} for ` +
        `unmatched; on a puzzle ${keysOf('difficulty:1')} (easiest) to ${keysOf('difficulty:9')} (hardest). Each label is saved at once and the next unit appears. ${keysOf('previous')} and ${keysOf('next')} move between units, ` +
        `${keysOf('undo')} undoes the last change and ${keysOf('help')} shows every key; the keys are all listed below.`,
      pages: [{ view: 'label', task: 'answer' }],
    },
    {
      id: 'answer-sets',
      title: 'Mark every acceptable answer, when your study asks for it',
      text:
        'Some studies let you mark every acceptable answer on a question: there an answer’s key marks or unmarks it, first the one you would give if you ' +
        'had to pick one, and Enter saves the marked answers and brings the next question.',
      pages: [{ view: 'label', task: 'answer' }],
    },
    {
      id: 'unsure',
      title: 'Mark a unit unsure, or leave a note',
      text: (keysOf) =>
        `When in doubt, ${keysOf('unsure')} marks the unit unsure and ${keysOf('note')} writes a note for your lead; ${keysOf('guidelines')} shows the ` +
        'guidelines.',
      pages: [{ view: 'label', task: 'answer' }],
    },
    {
      id: 'sync',
      title: 'Send your labels back',
      text:
        'With a pack, choose Export my labels and send the label file to your lead. With an invitation your labels go by themselves; the sync state ' +
        'says Synced, how many are waiting, Offline (they wait on this computer and go when the server can be reached) or Refused, with the reason.',
      pages: [{ view: 'study' }],
    },
  ],
};
