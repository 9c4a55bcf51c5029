// Key points as key clues (issue 26 point 4): a numbered or bulleted list becomes one key clue per
// point, so LatEval's clues and AgentBench's answer keys arrive as the puzzles' key clues. The
// real files are read from ../shared/real-data/ when present (LatEval carries no licence).

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FILE_READERS } from '../../../cli/support/file-readers';
import { binaryKind } from '../../../shared/formats/binary-kind';
import { importBenchmarkFiles } from '../../../shared/formats/importers/benchmark-import';
import { splitKeyPoints } from '../../../shared/formats/key-points';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';

const REAL = fileURLToPath(new URL('../../../../shared/real-data/', import.meta.url));
const LATEVAL = `${REAL}LatEval/data/`;
const AGENTBENCH = `${REAL}AgentBench/data/`;

describe('key points', () => {
  it('reads each numbered or bulleted line as one point, without its marker', () => {
    expect(splitKeyPoints('1.He is blind\n2. The book is braille\r\n\n3、他看不见')).toEqual(['He is blind', 'The book is braille', '他看不见']);
    expect(splitKeyPoints('\n- 一个人坐火车。\n- 他跳车了。')).toEqual(['一个人坐火车。', '他跳车了。']);
    expect(splitKeyPoints('One clue with 2.5 litres in it')).toEqual(['One clue with 2.5 litres in it']);
  });

  const latEvalPresent = existsSync(LATEVAL);
  if (!latEvalPresent) console.log(`skipped: ${LATEVAL} is absent (LatEval carries no licence and is not in the repository)`);
  it.skipIf(!latEvalPresent)("gives each of LatEval's puzzles one key clue per numbered point of its clue", () => {
    for (const language of ['english', 'chinese']) {
      const text = readFileSync(`${LATEVAL}${language}.json`, 'utf8');
      const rows = JSON.parse(text) as Array<{ clue: string }>;
      const parsed = parseTranscriptBundle({ name: `${language}.json`, text });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      expect(parsed.value.puzzles).toHaveLength(50);
      parsed.value.puzzles.forEach((puzzle, i) => {
        const lines = (rows[i]?.clue ?? '')
          .replace(/```/g, '')
          .split('\n')
          .filter((line) => line.trim() !== '');
        expect({ i, clues: puzzle.keyClues.length }).toEqual({ i, clues: lines.length });
        expect(puzzle.keyClues.some((clue) => /^\d+\./.test(clue))).toBe(false);
      });
    }
  });

  const agentBenchPresent = existsSync(AGENTBENCH);
  if (!agentBenchPresent) console.log(`skipped: ${AGENTBENCH} is absent (the real-data folder beside the repository)`);
  it.skipIf(!agentBenchPresent)("gives each of AgentBench's puzzles, English and Chinese, its answer keys as key clues", async () => {
    for (const [path, count, language] of [
      ['lateralthinkingpuzzle/standard.xlsx', 50, 'en'],
      ['lateralthinkingpuzzle_zh/dev.xlsx', 20, 'zh'],
      ['lateralthinkingpuzzle_zh/standard.xlsx', 50, 'zh'],
    ] as const) {
      const bytes = new Uint8Array(readFileSync(`${AGENTBENCH}${path}`));
      const derived = JSON.parse(readFileSync(`${AGENTBENCH}${path}.derived.json`, 'utf8')) as Array<Record<string, string>>;
      const result = await importBenchmarkFiles([{ name: path, text: '', size: bytes.length, bytes, binaryKind: binaryKind(bytes) ?? '' }], {}, FILE_READERS);
      if (result?.ok !== true) throw new Error(JSON.stringify(result));
      const { puzzles } = result.value.bundle;
      expect({ path, puzzles: puzzles.length, language: puzzles[0]?.language }).toEqual({ path, puzzles: count, language });
      puzzles.forEach((puzzle, i) => {
        const keys = (derived[i]?.['Answer keys'] ?? '').split('\n').filter((line) => line.trim() !== '');
        expect({ path, i, clues: puzzle.keyClues?.length }).toEqual({ path, i, clues: keys.length });
      });
    }
  });
});
