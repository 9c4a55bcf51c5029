// A judge prompt for the commands that ask a model: a built-in version by name, a benchmark's own
// judge prompt the transcripts brought (SPLAT's `SPLAT judge (config.yaml)`, as the app lists it), or
// the lead's prompt file, JSON `{"name": ..., "question": ..., "final": ...}` with its name and
// templates checked.

import { readFile } from 'node:fs/promises';
import { idProblem } from '../../shared/domain/ids';
import type { JudgePrompt } from '../../shared/domain/model';
import { BUILT_IN_PROMPTS, builtInPrompt, templateProblem, type PromptVersion } from '../../shared/judge-run/prompts';

/** A built-in prompt by name, then one the transcripts brought by name, or else a prompt file: JSON with a name and the two templates. */
export async function loadPrompt(nameOrFile: string, bundled: readonly JudgePrompt[] = []): Promise<PromptVersion | string> {
  const builtIn = builtInPrompt(nameOrFile);
  if (builtIn) return builtIn;
  const brought = bundled.find((prompt) => prompt.name === nameOrFile);
  if (brought)
    return {
      name: brought.name,
      question: brought.question,
      final: brought.final,
      sources: [{ repository: '', file: brought.source, licence: '', use: 'the benchmark’s own judge prompt, brought with its files' }],
    };
  let text: string;
  try {
    text = await readFile(nameOrFile, 'utf8');
  } catch {
    const names = [...BUILT_IN_PROMPTS.map((prompt) => prompt.name), ...bundled.map((prompt) => prompt.name)];
    return `--prompt ${JSON.stringify(nameOrFile)} is neither a built-in prompt or one the transcripts brought (${names.join(', ')}) nor a readable file`;
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return `${nameOrFile} is not JSON; a prompt file is {"name": ..., "question": ..., "final": ...}`;
  }
  const { name, question, final } = (typeof document === 'object' && document !== null ? document : {}) as Record<string, unknown>;
  if (typeof name !== 'string' || typeof question !== 'string' || typeof final !== 'string')
    return `${nameOrFile}: a prompt file is {"name": ..., "question": ..., "final": ...}, each a text`;
  const nameProblem = idProblem('model', name);
  if (nameProblem !== undefined) return `${nameOrFile}: the prompt name ${nameProblem}`;
  for (const [field, template] of [
    ['question', question],
    ['final', final],
  ] as const) {
    const problem = templateProblem(template);
    if (problem !== undefined) return `${nameOrFile}: "${field}" has an ${problem}`;
  }
  return { name, question, final, sources: [{ repository: '', file: nameOrFile, licence: '', use: 'the lead’s own prompt file' }] };
}
