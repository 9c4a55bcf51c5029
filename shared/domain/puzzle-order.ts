// The order puzzles are listed in for people: by title (else id) as a person sorts, with numbers
// by value ("Puzzle 2" before "Puzzle 10", "9" before "10"), ties broken by id.

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function comparePuzzlesForPeople(a: { id: string; title?: string }, b: { id: string; title?: string }): number {
  return collator.compare(a.title ?? a.id, b.title ?? b.id) || collator.compare(a.id, b.id);
}
