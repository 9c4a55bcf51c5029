// Packs /2 (issue 33): the scheme carries `multipleAnswers`, copied from the study, round-trips and
// is held to the pack's allow-list; a /1 pack, which has no such member, still opens as it stands.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StudyData } from '../../../shared/domain/model';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { parsePack, serializePack, type Pack } from '../../../shared/formats/pack';
import { sha256Hex } from '../../../shared/formats/sha256';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildStudyPacks } from '../../../shared/study/study-packs';
import { errorsOf, valueOf } from './parse-results';

const demoText = readFileSync(new URL('../../../assets/demo-study.json', import.meta.url), 'utf8');
const demo: StudyData = valueOf(parseTranscriptBundle({ name: 'demo-study.json', text: demoText }, { now: '2026-11-22T10:00:00Z' }));

function packOf(scheme: StudyData['study']['scheme']): Pack {
  const data = { ...demo, study: { ...demo.study, scheme } };
  const [pack] = buildStudyPacks({
    data,
    annotators: [{ id: 'ann-01', name: 'Annotator 1' }],
    overlap: 1,
    seed: 1,
    guidelines: '',
    createdAt: '2026-11-22T10:00:00Z',
    app: 'agreement-studio test',
  });
  if (pack === undefined) throw new Error('no pack was built');
  return pack;
}

function signed(content: Record<string, unknown>): string {
  return JSON.stringify({ ...content, sha256: sha256Hex(canonicalJson(content)) });
}

function rawOf(pack: Pack): Record<string, unknown> {
  const content = JSON.parse(serializePack(pack)) as Record<string, unknown>;
  delete content.sha256;
  return content;
}

describe('packs /2: the scheme says whether several answers may be marked', () => {
  it('writes and reads multipleAnswers, and leaves it out where the study has no such setting', () => {
    const several = packOf({ answerUnknown: true, multipleAnswers: true });
    expect(several.format).toBe('agreement-studio.pack/2');
    expect(serializePack(several)).toContain('"scheme": {"answerUnknown":true,"multipleAnswers":true}');
    expect(valueOf(parsePack({ name: 'ann-01.pack.json', text: serializePack(several) }))).toEqual(several);
    const off = packOf({ answerUnknown: false, multipleAnswers: false });
    expect(valueOf(parsePack({ name: 'ann-01.pack.json', text: serializePack(off) })).scheme).toEqual({ answerUnknown: false, multipleAnswers: false });
    const unset = packOf({ answerUnknown: false });
    expect(unset.scheme).toEqual({ answerUnknown: false });
    expect(valueOf(parsePack({ name: 'ann-01.pack.json', text: serializePack(unset) })).scheme).toEqual({ answerUnknown: false });
  });

  it('reads a /1 pack as the /2 pack this version would write: one key, one answer', () => {
    const content = rawOf(packOf({ answerUnknown: false }));
    const read = valueOf(parsePack({ name: 'ann-01.pack.json', text: signed({ ...content, format: 'agreement-studio.pack/1' }) }));
    expect(read.format).toBe('agreement-studio.pack/2');
    expect(read.scheme).toEqual({ answerUnknown: false });
    expect(read.tasks).toEqual(content.tasks);
  });

  it('refuses a multipleAnswers that is not true or false, and any other scheme member', () => {
    const content = rawOf(packOf({ answerUnknown: false }));
    expect(errorsOf(parsePack({ name: 'p.pack.json', text: signed({ ...content, scheme: { answerUnknown: false, multipleAnswers: 'yes' } }) }))).toEqual([
      { file: 'p.pack.json', path: 'scheme.multipleAnswers', message: 'expected true or false, got the text "yes"' },
    ]);
    expect(errorsOf(parsePack({ name: 'p.pack.json', text: signed({ ...content, scheme: { answerUnknown: false, judgeKey: 'yes' } }) }))[0]?.message).toMatch(
      /a pack must be blind/,
    );
  });
});
