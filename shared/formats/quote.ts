// Quoting a value inside an error message, apart from the zod field schemas so that readers
// without zod (the reliability CSV through limits.ts) do not load and initialise it (issue 30).

/** JSON-quotes a value for a message, shortened so one bad field cannot flood the error list. */
export function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
