// Rebuilds the puzzles, sessions and turns of a native bundle (JSON or JSONL) into model records,
// field by field, and checks what no single record can: one id namespace and puzzle references.

import type { z } from 'zod';
import {
  MAX_JUDGE_SAMPLES,
  UNPARSEABLE,
  type JudgeConfidence,
  type JudgeLabel,
  type LabelScheme,
  type Puzzle,
  type Session,
  type Turn,
  type TurnType,
} from '../domain/model';
import type { ErrorList } from './error-list';
import { idProblem } from '../domain/ids';
import { expected, isRecord, quote } from './field-schemas';
import { normaliseAnswerLabel, normaliseMatchLabel } from './label-values';
import { INPUT_LIMITS } from './limits';
import { puzzleSchema, sessionSchema } from './transcript-schema';
import { issuesToErrors, jsonPath } from './zod-issues';

/** Where a record sits: its JSONL line when there is one, and its JSON path ('' for a whole line). */
interface RecordPlace {
  line?: number;
  path: string;
}

export interface BundleRecords {
  puzzles: Puzzle[];
  sessions: Session[];
  turns: Turn[];
}

type SessionFields = z.output<typeof sessionSchema>;

type RecordKind = 'puzzle' | 'session' | 'turn';

const MATCH_EXPECTED = 'is not a match label; expected matched or unmatched (also correct/incorrect, true/false, 1/0)';
const TURN_TYPE = '"question" or "final"';

function at(place: RecordPlace, ...keys: (string | number)[]): RecordPlace {
  return { ...(place.line !== undefined ? { line: place.line } : {}), path: jsonPath(keys, place.path) };
}

function turnPlace(session: RecordPlace, index: number): RecordPlace {
  return at(session, 'turns', index);
}

function recordPlace(kind: RecordKind, place: RecordPlace, turnIndex: number): RecordPlace {
  return kind === 'turn' ? turnPlace(place, turnIndex) : place;
}

/** How label errors name a turn: by its id, which is what a lead searches the transcripts for. */
function turnName(id: unknown, index: number, sessionName: string): string {
  return typeof id === 'string' && id.trim() !== '' ? `turn ${id}` : `turn ${index + 1} of session ${sessionName}`;
}

function describePlace(place: RecordPlace): string {
  if (place.line === undefined) return place.path;
  return place.path === '' ? `line ${place.line}` : `line ${place.line} (${place.path})`;
}

/** The record's own id when it is usable text, read before validation so one bad field does not
 * also produce "already used" or "no such puzzle" errors elsewhere. */
function ownId(raw: unknown, key: 'id' | 'puzzleId' = 'id'): string | undefined {
  if (!isRecord(raw)) return undefined;
  const id = raw[key];
  return typeof id === 'string' && idProblem('record', id) === undefined ? id : undefined;
}

export class BundleReader {
  private readonly records: BundleRecords = { puzzles: [], sessions: [], turns: [] };
  // Every id -> where it was first used, as an index into the three lists below. A Map, not an
  // object, so any id text is safe as a key. Turn places are kept as session place + index and
  // only spelled out for a message: building a path and a place object per turn cost more than
  // checking the turn.
  private readonly ids = new Map<string, number>();
  private readonly claimKinds: RecordKind[] = [];
  private readonly claimPlaces: RecordPlace[] = [];
  private readonly claimTurnIndexes: number[] = [];
  private readonly puzzleIds = new Set<string>();
  private readonly references: { puzzleId: string; place: RecordPlace }[] = [];
  private turnTotal = 0;
  private turnLimitReached = false;

  constructor(
    private readonly studyId: string,
    private readonly scheme: LabelScheme,
    private readonly errors: ErrorList,
  ) {}

  addPuzzle(raw: unknown, place: RecordPlace): void {
    const id = ownId(raw);
    if (id !== undefined) {
      this.claim(id, 'puzzle', place, -1);
      this.puzzleIds.add(id);
    }
    const parsed = puzzleSchema.safeParse(raw);
    if (!parsed.success) return this.report(parsed.error.issues, place);
    const p = parsed.data;
    const puzzle: Puzzle = { studyId: this.studyId, id: p.id, story: p.story, reference: p.reference, keyClues: p.keyClues ?? [] };
    if (p.title !== undefined) puzzle.title = p.title;
    if (p.difficulty !== undefined) puzzle.difficulty = p.difficulty;
    if (p.language !== undefined) puzzle.language = p.language;
    if (p.genre !== undefined) puzzle.genre = p.genre;
    if (p.source !== undefined) puzzle.source = p.source;
    this.records.puzzles.push(puzzle);
  }

  addSession(raw: unknown, place: RecordPlace): void {
    const sessionId = ownId(raw);
    if (sessionId !== undefined) this.claim(sessionId, 'session', place, -1);
    const parsed = sessionSchema.safeParse(raw);
    if (!parsed.success) this.report(parsed.error.issues, place);
    const session = parsed.success ? parsed.data : undefined;
    const puzzleId = ownId(raw, 'puzzleId');
    if (puzzleId !== undefined) this.references.push({ puzzleId, place: at(place, 'puzzleId') });

    // Turns are read even when the session's own fields are wrong, so every error shows at once.
    const rawTurns: readonly unknown[] = isRecord(raw) && Array.isArray(raw.turns) ? raw.turns : [];
    this.turnTotal += rawTurns.length;
    if (this.turnTotal > INPUT_LIMITS.maxTurns && !this.turnLimitReached) {
      this.turnLimitReached = true;
      const turns = at(place, 'turns');
      this.errors.add(
        turns.path,
        `the bundle has more than ${INPUT_LIMITS.maxTurns.toLocaleString('en')} turns, the limit; split it into smaller bundles`,
        turns.line,
      );
    }
    if (this.turnLimitReached) return;

    const turns: Turn[] = [];
    const sessionName = sessionId ?? describePlace(place);
    for (let index = 0; index < rawTurns.length; index++) {
      const turn = this.readTurn(rawTurns[index], index, place, sessionName, session);
      if (turn) turns.push(turn);
    }
    if (!session) return;
    const record: Session = {
      studyId: this.studyId,
      id: session.id,
      puzzleId: session.puzzleId,
      player: session.player,
      judge: session.judge,
      turnCount: rawTurns.length,
    };
    if (session.maxRounds !== undefined) record.maxRounds = session.maxRounds;
    if (session.run !== undefined) record.run = session.run;
    this.records.sessions.push(record);
    for (const turn of turns) this.records.turns.push(turn);
  }

  /** Checks the references that need the whole bundle, and returns the records. */
  finish(): BundleRecords {
    for (const { puzzleId, place } of this.references) {
      if (!this.puzzleIds.has(puzzleId)) this.errors.add(place.path, `no puzzle in the bundle has the id ${quote(puzzleId)}`, place.line);
    }
    return this.records;
  }

  /**
   * One turn, checked by hand rather than with zod: turns are the bulk of a bundle, and at
   * 100,000 turns zod's per-field results and issue lists cost more than everything else together.
   * The messages are the ones the zod fields give, through the same `expected` helper.
   */
  private readTurn(raw: unknown, index: number, sessionPlace: RecordPlace, sessionName: string, session: SessionFields | undefined): Turn | undefined {
    const errorsBefore = this.errors.count;
    if (!isRecord(raw)) return this.turnError(sessionPlace, index, [], expected('a turn object')({ input: raw }));
    const { id, type, text, judgeReply } = raw;
    const problem = typeof id === 'string' ? idProblem('record', id) : expected('a text id')({ input: id });
    if (problem !== undefined) this.turnError(sessionPlace, index, ['id'], problem);
    else if (typeof id === 'string') this.claim(id, 'turn', sessionPlace, index);
    const turnType: TurnType | undefined = type === 'question' || type === 'final' ? type : undefined;
    if (turnType === undefined) this.turnError(sessionPlace, index, ['type'], expected(TURN_TYPE)({ input: type }));
    if (typeof text !== 'string') this.turnError(sessionPlace, index, ['text'], expected('text')({ input: text }));
    if (judgeReply !== undefined && judgeReply !== null && typeof judgeReply !== 'string')
      this.turnError(sessionPlace, index, ['judgeReply'], expected('text')({ input: judgeReply }));
    const judgeReplies = this.readJudgeReplies(raw.judgeReplies, sessionPlace, index);
    const judgements = this.readJudgements(raw.judgements, turnType, judgeReplies, sessionPlace, index, () => turnName(id, index, sessionName));
    const confidence =
      judgements && turnType !== undefined ? this.readJudgeConfidence(raw.judgeConfidence, turnType, judgements, sessionPlace, index) : undefined;
    if (this.errors.count > errorsBefore || !session || !judgements || turnType === undefined || typeof id !== 'string' || typeof text !== 'string')
      return undefined;
    const turn: Turn = { studyId: this.studyId, id, sessionId: session.id, puzzleId: session.puzzleId, index, type: turnType, text, judgements };
    if (typeof judgeReply === 'string') turn.judgeReply = judgeReply;
    if (judgeReplies !== undefined && judgeReplies.size > 0) turn.judgeReplies = Object.fromEntries(judgeReplies);
    if (confidence !== undefined && confidence.length > 0) turn.judgeConfidence = Object.fromEntries(confidence);
    return turn;
  }

  /**
   * Judge model -> what its confidence is read from (optional, issue 31): `samples`, two or more
   * labels of the turn's kind whose most common is the judge's label, and `probability`, from 0 to
   * 1. Only judges with a label on the turn.
   */
  private readJudgeConfidence(
    raw: unknown,
    type: TurnType,
    judgements: Readonly<Record<string, JudgeLabel>>,
    sessionPlace: RecordPlace,
    index: number,
  ): [string, JudgeConfidence][] | undefined {
    if (raw === undefined || raw === null) return undefined;
    if (!isRecord(raw)) {
      this.turnError(sessionPlace, index, ['judgeConfidence'], expected('an object mapping judge model to {samples, probability}')({ input: raw }));
      return undefined;
    }
    const entries: [string, JudgeConfidence][] = [];
    for (const [model, value] of Object.entries(raw)) {
      const problem = idProblem('model', model) ?? (Object.hasOwn(judgements, model) ? undefined : 'is a judge without a label on this turn (judgements)');
      if (problem !== undefined) {
        this.turnError(sessionPlace, index, ['judgeConfidence', model], problem);
        continue;
      }
      if (!isRecord(value)) {
        this.turnError(sessionPlace, index, ['judgeConfidence', model], expected('{samples, probability}')({ input: value }));
        continue;
      }
      const confidence: JudgeConfidence = {};
      const { samples, probability } = value;
      if (samples !== undefined) {
        const labels =
          Array.isArray(samples) && samples.length <= MAX_JUDGE_SAMPLES
            ? samples.map((sample) =>
                sample === UNPARSEABLE ? UNPARSEABLE : type === 'question' ? normaliseAnswerLabel(sample, this.scheme) : normaliseMatchLabel(sample),
              )
            : [];
        const label = judgements[model] as JudgeLabel;
        if (labels.length < 2 || labels.some((one) => one === undefined))
          this.turnError(
            sessionPlace,
            index,
            ['judgeConfidence', model, 'samples'],
            expected(`a list of 2 to ${MAX_JUDGE_SAMPLES} ${type === 'question' ? 'answer' : 'match'} labels`)({ input: samples }),
          );
        else if (!mostCommon(labels as JudgeLabel[]).includes(label))
          this.turnError(sessionPlace, index, ['judgeConfidence', model, 'samples'], `the judge's label ${quote(label)} is not the most common of its samples`);
        else confidence.samples = labels as JudgeLabel[];
      }
      if (probability !== undefined) {
        if (typeof probability !== 'number' || !(probability >= 0 && probability <= 1))
          this.turnError(sessionPlace, index, ['judgeConfidence', model, 'probability'], expected('a number from 0 to 1')({ input: probability }));
        else confidence.probability = probability;
      }
      if (confidence.samples !== undefined || confidence.probability !== undefined) entries.push([model, confidence]);
    }
    return entries;
  }

  /**
   * Judge model -> label, built from validated entries with Object.fromEntries: a model name is
   * never used to assign into an object, so `__proto__` and friends can't touch a prototype, and
   * they are refused as names anyway because other code indexes judgements by model.
   */
  private readJudgements(
    raw: unknown,
    type: TurnType | undefined,
    replies: ReadonlyMap<string, string> | undefined,
    sessionPlace: RecordPlace,
    index: number,
    turnName: () => string,
  ): Record<string, JudgeLabel> | undefined {
    if (raw === undefined || raw === null) return {};
    if (!isRecord(raw)) {
      this.turnError(sessionPlace, index, ['judgements'], `${turnName()}: ${expected('an object mapping judge model to label')({ input: raw })}`);
      return undefined;
    }
    const entries: [string, JudgeLabel][] = [];
    let valid = true;
    for (const [model, value] of Object.entries(raw)) {
      const problem = idProblem('model', model);
      // `unparseable` stands for a reply the importer could not read, so it needs that reply.
      const unparseable = value === UNPARSEABLE && type !== undefined;
      const label = unparseable
        ? UNPARSEABLE
        : type === 'question'
          ? normaliseAnswerLabel(value, this.scheme)
          : type === 'final'
            ? normaliseMatchLabel(value)
            : undefined;
      if (problem === undefined && label !== undefined && (!unparseable || replies?.has(model) === true)) {
        entries.push([model, label]);
        continue;
      }
      valid = false;
      // An unknown turn type is reported on `type`; its labels cannot be judged.
      const message =
        problem ??
        (type === undefined
          ? undefined
          : unparseable
            ? `"unparseable" needs the judge's reply as written, in judgeReplies`
            : `${quote(value)} ${type === 'question' ? this.answerExpected() : MATCH_EXPECTED}`);
      if (message === undefined) continue;
      this.turnError(sessionPlace, index, ['judgements', model], `${turnName()}: ${message}`);
    }
    return valid ? Object.fromEntries(entries) : undefined;
  }

  /** Judge model -> reply as written (optional, docs/formats.md#transcript-bundle): only validated names and text. */
  private readJudgeReplies(raw: unknown, sessionPlace: RecordPlace, index: number): Map<string, string> | undefined {
    if (raw === undefined || raw === null) return undefined;
    if (!isRecord(raw)) {
      this.turnError(sessionPlace, index, ['judgeReplies'], expected('an object mapping judge model to its reply')({ input: raw }));
      return undefined;
    }
    const replies = new Map<string, string>();
    for (const [model, reply] of Object.entries(raw)) {
      const problem = idProblem('model', model) ?? (typeof reply === 'string' ? undefined : expected('text')({ input: reply }));
      if (problem !== undefined) this.turnError(sessionPlace, index, ['judgeReplies', model], problem);
      else replies.set(model, reply as string);
    }
    return replies;
  }

  private answerExpected(): string {
    return this.scheme.answerUnknown
      ? 'is not an answer label; expected yes, no, irrelevant or unknown'
      : 'is not an answer label; expected yes, no or irrelevant (unknown reads as irrelevant)';
  }

  private turnError(sessionPlace: RecordPlace, index: number, keys: string[], message: string): undefined {
    const where = at(turnPlace(sessionPlace, index), ...keys);
    this.errors.add(where.path, message, where.line);
    return undefined;
  }

  /**
   * Registers an id in the one namespace puzzles, sessions and turns share. `place` is the
   * record's place, or for a turn (`turnIndex` >= 0) its session's place.
   */
  private claim(id: string, kind: RecordKind, place: RecordPlace, turnIndex: number): void {
    const earlier = this.ids.get(id);
    if (earlier === undefined) {
      this.ids.set(id, this.claimKinds.length);
      this.claimKinds.push(kind);
      this.claimPlaces.push(place);
      this.claimTurnIndexes.push(turnIndex);
      return;
    }
    const firstKind = this.claimKinds[earlier] ?? kind;
    const first = recordPlace(firstKind, this.claimPlaces[earlier] ?? place, this.claimTurnIndexes[earlier] ?? -1);
    const where = at(recordPlace(kind, place, turnIndex), 'id');
    this.errors.add(where.path, `the id ${quote(id)} is already used by the ${firstKind} at ${describePlace(first)}`, where.line);
  }

  private report(issues: readonly z.core.$ZodIssue[], place: RecordPlace): void {
    this.errors.push(...issuesToErrors(this.errors.file, issues, { ...(place.line !== undefined ? { line: place.line } : {}), pathPrefix: place.path }));
  }
}

/** The labels given most often. */
function mostCommon(labels: readonly JudgeLabel[]): JudgeLabel[] {
  const counts = new Map<JudgeLabel, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  const most = Math.max(...counts.values());
  return [...counts].filter(([, count]) => count === most).map(([label]) => label);
}
