// The judge prompts' template language (issue 17 point 2): the placeholders a template may name,
// as `{{story}}`, the check that names an unknown one, and the one renderer that fills them. Here
// rather than in judge-run, so a bundle's judge prompts are checked by the bundle reader too.

/**
 * The values a template may name, as `{{story}}`: everything a source's judge sees (SPLAT's judge
 * is told the puzzle's title too), and the run's few-shot examples (issue 34), empty in a run without.
 */
export const PROMPT_PLACEHOLDERS = ['title', 'story', 'reference', 'keyClues', 'question', 'finalAnswer', 'earlierTurns', 'examples'] as const;
export type PromptPlaceholder = (typeof PROMPT_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Why a template cannot be used, naming the first placeholder we do not know; undefined when it can. */
export function templateProblem(template: string): string | undefined {
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!(PROMPT_PLACEHOLDERS as readonly string[]).includes(name))
      return `unknown placeholder {{${name}}}; a template may use ${PROMPT_PLACEHOLDERS.map((known) => `{{${known}}}`).join(', ')}`;
  }
  return undefined;
}

/** Whether the template names the placeholder. */
export function templateUses(template: string, placeholder: PromptPlaceholder): boolean {
  for (const match of template.matchAll(PLACEHOLDER)) if (match[1] === placeholder) return true;
  return false;
}

/** A template with every placeholder filled; throws on an unknown placeholder, so a typo never reaches a model. */
export function renderPrompt(template: string, values: Readonly<Record<PromptPlaceholder, string>>): string {
  const problem = templateProblem(template);
  if (problem !== undefined) throw new Error(problem);
  return template.replace(PLACEHOLDER, (_, name: PromptPlaceholder) => values[name]);
}
