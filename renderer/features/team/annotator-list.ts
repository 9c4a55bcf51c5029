// The setup form's team, typed one annotator per line as `id` or `id, Display name`: parsed
// into annotators or the problems with their line numbers. Ids name the pack files, so they
// follow the command line's rule, and two ids differing only in case are refused.

import { FILE_SAFE_ID_RULE, isAnnotatorId } from '../../../shared/domain/ids';

export interface TeamMember {
  id: string;
  name: string;
}

export type AnnotatorListResult = { ok: true; annotators: TeamMember[] } | { ok: false; problems: string[] };

const MAX_NAME_CHARS = 200;
/** As many as the packs one save may write (electron/ipc/schemas.ts). */
const MAX_TEAM_SIZE = 1000;
/** More problems than this are summarised, so a pasted wrong file does not flood the form. */
const MAX_PROBLEMS = 20;

export function parseAnnotatorList(text: string): AnnotatorListResult {
  const problems: string[] = [];
  const annotators: TeamMember[] = [];
  const firstLine = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const lineNumber = index + 1;
    const comma = line.indexOf(',');
    const id = (comma < 0 ? line : line.slice(0, comma)).trim();
    const name = comma < 0 ? id : line.slice(comma + 1).trim();
    if (!isAnnotatorId(id)) {
      problems.push(`Line ${lineNumber}: ${JSON.stringify(id)} is not a usable annotator id; use ${FILE_SAFE_ID_RULE} (the id names the pack file).`);
      return;
    }
    if (name.length > MAX_NAME_CHARS) {
      problems.push(`Line ${lineNumber}: the display name is longer than ${MAX_NAME_CHARS} characters.`);
      return;
    }
    const twin = firstLine.get(id.toLowerCase());
    if (twin !== undefined) {
      problems.push(`Line ${lineNumber}: ${JSON.stringify(id)} is already on line ${twin} (ids differing only in case would give pack files of one name).`);
      return;
    }
    firstLine.set(id.toLowerCase(), lineNumber);
    annotators.push({ id, name: name === '' ? id : name });
  });
  if (problems.length > MAX_PROBLEMS) problems.splice(MAX_PROBLEMS, problems.length - MAX_PROBLEMS, `…and ${problems.length - MAX_PROBLEMS} more problems.`);
  if (problems.length === 0 && annotators.length === 0) problems.push('Name at least one annotator.');
  if (annotators.length > MAX_TEAM_SIZE)
    problems.push(`A team has at most ${MAX_TEAM_SIZE.toLocaleString('en-US')} annotators; this list has ${annotators.length.toLocaleString('en-US')}.`);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, annotators };
}

/** The text that lists a team again, for editing: `id` alone where the name is the id. */
export function formatAnnotatorList(annotators: readonly TeamMember[]): string {
  return annotators.map(({ id, name }) => (name === id ? id : `${id}, ${name}`)).join('\n');
}
