// The study's own settings, kept on the study record so every report of the study, and its
// backup, use them: what unparseable judge replies mean (left out of the figures, or counted as
// disagreements), how expert its annotators are (which sets the Alt-Test's epsilon), the
// model families the lead gave (the bias checks' own family), and whether annotators may mark
// every acceptable answer on a question (the scheme's, so the packs built afterwards carry it),
// and the split of its puzzles for improving a judge honestly.

import type { AnnotatorExpertise, JudgeSplitSetting, LabelScheme, Study, UnparseableReplies } from '../../shared/domain/model';
import { MAX_FAMILY_NAME_CHARS } from '../../shared/domain/model-family';
import { checkSplitRule, type SplitRule } from '../../shared/study/judge-splits';
import type { StudioDatabase } from './database';

type StudySetting = 'unparseableReplies' | 'annotatorExpertise';

/** Each setting's default, which is stored as no field, so a study that never changed it stays as it was imported. */
const DEFAULTS = { unparseableReplies: 'left-out', annotatorExpertise: 'expert' } as const satisfies { [K in StudySetting]: NonNullable<Study[K]> };

const AUDIT_KIND: Record<StudySetting, string> = { unparseableReplies: 'study:unparseable-replies', annotatorExpertise: 'study:annotator-expertise' };

/** Stores one setting, with an audit entry. Returns false when the study already had it; throws a RangeError for a missing study. */
async function setStudySetting<K extends StudySetting>(
  db: StudioDatabase,
  studyId: string,
  key: K,
  value: NonNullable<Study[K]>,
  now: string,
): Promise<boolean> {
  return db.transaction('rw', [db.studies, db.audit], async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new RangeError(`the study "${studyId}" is not in the library`);
    const old = study[key] ?? DEFAULTS[key];
    if (old === value) return false;
    const next: Study = { ...study, [key]: value };
    if (value === DEFAULTS[key]) delete next[key];
    await db.studies.put(next);
    await db.audit.add({ studyId, at: now, kind: AUDIT_KIND[key], detail: JSON.stringify({ old, new: value }) });
    return true;
  });
}

export function setUnparseableReplies(
  db: StudioDatabase,
  studyId: string,
  value: UnparseableReplies,
  now: string = new Date().toISOString(),
): Promise<boolean> {
  return setStudySetting(db, studyId, 'unparseableReplies', value, now);
}

/**
 * Stores the lead's model families (model name -> family; blank families dropped, names trimmed),
 * with an audit entry; none at all removes the field. Returns false when the study already had
 * them; throws a RangeError for a missing study or a family name too long.
 */
export async function setModelFamilies(
  db: StudioDatabase,
  studyId: string,
  families: Readonly<Record<string, string>>,
  now: string = new Date().toISOString(),
): Promise<boolean> {
  const kept = Object.entries(families)
    .map(([model, family]) => [model, family.trim()] as const)
    .filter(([, family]) => family !== '');
  const long = kept.find(([, family]) => family.length > MAX_FAMILY_NAME_CHARS);
  if (long !== undefined) throw new RangeError(`the family of ${long[0]} is longer than ${MAX_FAMILY_NAME_CHARS} characters`);
  const value = Object.fromEntries(kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return db.transaction('rw', [db.studies, db.audit], async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new RangeError(`the study "${studyId}" is not in the library`);
    const old = study.modelFamilies ?? {};
    if (JSON.stringify(old) === JSON.stringify(value)) return false;
    const next: Study = { ...study, modelFamilies: value };
    if (kept.length === 0) delete next.modelFamilies;
    await db.studies.put(next);
    await db.audit.add({ studyId, at: now, kind: 'study:model-families', detail: JSON.stringify({ old, new: value }) });
    return true;
  });
}

export function setAnnotatorExpertise(
  db: StudioDatabase,
  studyId: string,
  value: AnnotatorExpertise,
  now: string = new Date().toISOString(),
): Promise<boolean> {
  return setStudySetting(db, studyId, 'annotatorExpertise', value, now);
}

/**
 * Lets annotators mark every acceptable answer on a question, or not (issue 33), with an audit
 * entry; off is stored as no field. Labels already given keep their sets either way. Returns
 * false when the study already had it; throws a RangeError for a missing study.
 */
export async function setMultipleAnswers(db: StudioDatabase, studyId: string, value: boolean, now: string = new Date().toISOString()): Promise<boolean> {
  return db.transaction('rw', [db.studies, db.audit], async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new RangeError(`the study "${studyId}" is not in the library`);
    const old = study.scheme.multipleAnswers === true;
    if (old === value) return false;
    const scheme: LabelScheme = { ...study.scheme, multipleAnswers: true };
    if (!value) delete scheme.multipleAnswers;
    await db.studies.put({ ...study, scheme });
    await db.audit.add({ studyId, at: now, kind: 'study:multiple-answers', detail: JSON.stringify({ old, new: value }) });
    return true;
  });
}

/**
 * Sets the study's judge split (issue 34 point 1) with an audit entry of the old and new rule,
 * keeping the versions tried on development and the test runs already counted. Throws checkSplitRule's
 * RangeError for a rule it refuses, a RangeError for a missing study, and an Error once a run on the
 * test split exists: its puzzles have been looked at, and moving them would leak them into development.
 * Returns false when the study already had this rule.
 */
export async function setJudgeSplit(db: StudioDatabase, studyId: string, rule: SplitRule, now: string = new Date().toISOString()): Promise<boolean> {
  checkSplitRule(rule);
  return db.transaction('rw', [db.studies, db.audit], async () => {
    const study = await db.studies.get(studyId);
    if (!study) throw new RangeError(`the study "${studyId}" is not in the library`);
    const current = study.judgeSplit;
    const looks = current?.testRuns.length ?? 0;
    if (looks > 0)
      throw new Error(
        `the judge split can no longer change: ${looks === 1 ? '1 judge run has' : `${looks} judge runs have`} looked at the test split, and moving puzzles now would leak what was seen there into development`,
      );
    const old = current === undefined ? null : { seed: current.seed, shares: current.shares };
    const value = { seed: rule.seed, shares: { examples: rule.shares.examples, development: rule.shares.development, test: rule.shares.test } };
    if (JSON.stringify(old) === JSON.stringify(value)) return false;
    const judgeSplit: JudgeSplitSetting = { ...value, setAt: now, developmentJudges: current?.developmentJudges ?? [], testRuns: current?.testRuns ?? [] };
    await db.studies.put({ ...study, judgeSplit });
    await db.audit.add({ studyId, at: now, kind: 'study:judge-split', detail: JSON.stringify({ old, new: value }) });
    return true;
  });
}
