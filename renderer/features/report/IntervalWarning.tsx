// The mark on an interval that stands on fewer bootstrap replicates than B says (more than 5%
// undefined): a sign to see, the count in its tooltip, and the same words for a screen reader.

export function IntervalWarning({ text }: { text: string }) {
  return (
    <span className="interval-warning" data-interval-warning={text} title={text}>
      <span aria-hidden="true"> ⚠</span>
      <span className="visually-hidden"> (warning: {text})</span>
    </span>
  );
}
