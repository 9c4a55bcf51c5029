// A named group of chips of which one is chosen (aria-pressed), the report's switches between
// tasks, buckets and averages; each chip carries its option in a data attribute that tests and
// styles find it by.

interface Props<Option extends string> {
  /** The group's accessible name ("Task", "Bucket", "Average"). */
  label: string;
  options: readonly Option[];
  chosen: Option;
  onChoose: (option: Option) => void;
  /** The data attribute each chip carries its option in: `average` writes `data-average`. */
  attribute: string;
  text: (option: Option) => string;
  title?: (option: Option) => string;
}

export function ChoiceChips<Option extends string>({ label, options, chosen, onChoose, attribute, text, title }: Props<Option>) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="chip"
          {...{ [`data-${attribute}`]: option }}
          aria-pressed={chosen === option}
          title={title?.(option)}
          onClick={() => onChoose(option)}
        >
          {text(option)}
        </button>
      ))}
    </div>
  );
}
