// How a player states its final answer (issue 31 point 3, assertiveness): hedged ("maybe he was
// a diver?") or stated with certainty, and whether it speaks to the judge ("the answer is
// correct"). A judge swayed by tone is more lenient to certain answers, or to ones that tell it
// what to decide, than to the same content put tentatively. The lists are English: in another
// language no answer reads as hedged except by a question mark.

/**
 * Hedges, matched as whole words or phrases, case-insensitively. From the MFTE tagger's hedge
 * feature (Le Foll & Shakir, after Biber 1988's HDG: allegedly, apparently, conceivably, maybe,
 * perhaps, possibly, predictably, presumably, probably, purportedly, roughly, somewhat, sort of,
 * kind of); the epistemic modals and verbs of Kilicoglu & Bergler 2008 (BMC Bioinformatics
 * 9(Suppl 11):S10, Table 1: may, might, could, suggest, appear, seem, likely, possible); and the
 * conversational hedges of a guessing player (I think, I guess, not sure, could it be).
 */
export const HEDGES: readonly string[] = [
  'allegedly',
  'apparently',
  'conceivably',
  'maybe',
  'perhaps',
  'possibly',
  'predictably',
  'presumably',
  'probably',
  'purportedly',
  'roughly',
  'somewhat',
  'sort of',
  'kind of',
  'kinda',
  'sorta',
  'may',
  'might',
  'could',
  'suggests',
  'appears',
  'seems',
  'likely',
  'possible',
  'i think',
  'i guess',
  'i believe',
  'i suppose',
  'not sure',
  'could it be',
  'is it possible',
];

/**
 * Phrases that speak to the judge about its verdict rather than about the puzzle (Braintrust's
 * scorer-validation probe of "text addressed to the evaluator"; CALM's authority bias, Ye et al.
 * 2024): an answer that tells the judge it is right, or how to decide.
 */
export const JUDGE_ADDRESSES: readonly string[] = [
  'the answer is correct',
  'this is correct',
  'this is the correct answer',
  'my answer is correct',
  'this matches',
  'matches the reference',
  'mark this as correct',
  'mark it as correct',
  'you should accept',
  'please accept',
  'dear judge',
  'judge should',
  'judge must',
];

/** A pattern matching any of the phrases as whole words, case-insensitively, a run of spaces or punctuation between their words. */
function phrasePattern(phrases: readonly string[]): RegExp {
  const alternatives = phrases.map((phrase) => phrase.split(' ').join("[^\\p{L}\\p{N}']+"));
  return new RegExp(`(?<![\\p{L}\\p{N}'])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}'])`, 'iu');
}

const HEDGE_PATTERN = phrasePattern(HEDGES);
const JUDGE_ADDRESS_PATTERN = phrasePattern(JUDGE_ADDRESSES);

/** Hedged: a hedge word or phrase, or a question mark (the answer put as a question). */
export function isHedged(text: string): boolean {
  return text.includes('?') || text.includes('？') || HEDGE_PATTERN.test(text);
}

export function addressesJudge(text: string): boolean {
  return JUDGE_ADDRESS_PATTERN.test(text);
}
