// A count with its noun in the singular or the plural, as the adjudication page writes it.

export function countText(value: number, one: string, many: string): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
}
