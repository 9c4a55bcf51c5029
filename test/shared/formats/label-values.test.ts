// How label text is normalised: normaliseLabelText, normaliseAnswerLabel and normaliseMatchLabel
// map each listed spelling to its label value, or to none, with and without the unknown answer.

import { describe, expect, it } from 'vitest';
import { normaliseAnswerLabel, normaliseLabelText, normaliseMatchLabel } from '../../../shared/formats/label-values';

const plain = { answerUnknown: false };
const withUnknown = { answerUnknown: true };

describe('normaliseLabelText', () => {
  it.each([
    [' Yes. ', 'yes'],
    ['NO!!!', 'no'],
    ['Irrelevant?!', 'irrelevant'],
    ['yes ,', 'yes'],
    ['Correct…', 'correct'],
    ['是。', '是'],
    ['matched;:', 'matched'],
    ['not. sure', 'not. sure'],
    ['', ''],
  ])('%j -> %j', (raw, expected) => {
    expect(normaliseLabelText(raw)).toBe(expected);
  });
});

describe('normaliseAnswerLabel', () => {
  it.each([
    [' Yes. ', 'yes', 'yes'],
    ['no', 'no', 'no'],
    ['NO!', 'no', 'no'],
    ['Irrelevant.', 'irrelevant', 'irrelevant'],
    ['unknown', 'irrelevant', 'unknown'],
    [' Unknown? ', 'irrelevant', 'unknown'],
    ['maybe', undefined, undefined],
    ['', undefined, undefined],
    ['matched', undefined, undefined],
    [true, undefined, undefined],
    [1, undefined, undefined],
    [null, undefined, undefined],
  ])('%j -> %j (plain scheme), %j (with unknown)', (raw, inPlain, inUnknown) => {
    expect(normaliseAnswerLabel(raw, plain)).toBe(inPlain);
    expect(normaliseAnswerLabel(raw, withUnknown)).toBe(inUnknown);
  });
});

describe('normaliseMatchLabel', () => {
  it.each([
    ['matched', 'matched'],
    [' Matched. ', 'matched'],
    ['CORRECT!', 'matched'],
    ['true', 'matched'],
    [true, 'matched'],
    [1, 'matched'],
    ['1', 'matched'],
    ['unmatched', 'unmatched'],
    ['Incorrect.', 'unmatched'],
    ['FALSE', 'unmatched'],
    [false, 'unmatched'],
    [0, 'unmatched'],
    ['0', 'unmatched'],
    ['maybe', undefined],
    ['yes', undefined],
    [2, undefined],
    [0.5, undefined],
    [null, undefined],
    [undefined, undefined],
    [{}, undefined],
  ])('%j -> %j', (raw, expected) => {
    expect(normaliseMatchLabel(raw)).toBe(expected);
  });
});
