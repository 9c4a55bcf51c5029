// A count with its noun, in the singular for one and the plural otherwise, the number written
// with thousands separators: how every page, notice and progress line says how many.

/** `countText(1200, 'label')` -> `1,200 labels`; `many` for nouns not made plural by an s. */
export function countText(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
