// The labelled-data part of "Map fields…": which columns hold a human rater's labels (each column a
// rater, named from its header) and which a judge's; then, per label column, each distinct value
// with its count and the label it gives on questions and on final answers, for the lead to change.

import type { LabelColumn } from '../../../shared/formats/importers/mapping';
import { FILE_SAFE_ID_RULE } from '../../../shared/domain/ids';
import { raterColumns, VALUE_TARGETS, type ValueTarget } from '../../../shared/formats/importers/mapping-values';
import { withValue, type MappingDraft } from './useFieldMapping';

type Update = (change: (draft: MappingDraft) => MappingDraft) => void;

const TURN_NAME = { question: 'question', final: 'final answer' } as const;

/** One checkbox per field: ticked, the field is one rater's (or judge's) label column. */
function ColumnPicker({
  legend,
  fieldNames,
  ticked,
  onToggle,
}: {
  legend: string;
  fieldNames: string[];
  ticked: ReadonlySet<string>;
  onToggle(field: string): void;
}) {
  return (
    <fieldset className="mapping-columns">
      <legend>{legend}</legend>
      {fieldNames.map((field) => (
        <label key={field} className="checkbox">
          <input type="checkbox" checked={ticked.has(field)} onChange={() => onToggle(field)} /> {field}
        </label>
      ))}
    </fieldset>
  );
}

export function LabelColumnPickers({ fieldNames, draft, update }: { fieldNames: string[]; draft: MappingDraft; update: Update }) {
  const raters = new Set(draft.raters.map((rater) => rater.field));
  const judges = new Set(draft.judges.map((judge) => judge.field));
  const derived = raterColumns(draft.raters.map((rater) => ({ field: rater.field, ...(rater.id.trim() !== '' ? { id: rater.id.trim() } : {}) })));
  return (
    <fieldset className="mapping-labelled">
      <legend>Labels by people and judges</legend>
      <ColumnPicker
        legend="Human raters' label columns (each column one rater)"
        fieldNames={fieldNames}
        ticked={raters}
        onToggle={(field) =>
          update((before) => ({
            ...before,
            raters: raters.has(field) ? before.raters.filter((rater) => rater.field !== field) : [...before.raters, { field, id: '' }],
          }))
        }
      />
      <ColumnPicker
        legend="Judges' label columns (each column one judge)"
        fieldNames={fieldNames}
        ticked={judges}
        onToggle={(field) =>
          update((before) => ({
            ...before,
            judges: judges.has(field) ? before.judges.filter((judge) => judge.field !== field) : [...before.judges, { field, name: '' }],
          }))
        }
      />
      <div className="mapping-names">
        {draft.raters.map((rater, i) => (
          <label key={`rater ${rater.field}`} className="field">
            <span>Rater id for {rater.field}</span>
            <input
              aria-label={`Rater id for ${rater.field}`}
              placeholder={derived[i]?.id}
              value={rater.id}
              onChange={(event) =>
                update((before) => ({
                  ...before,
                  raters: before.raters.map((item) => (item.field === rater.field ? { ...item, id: event.target.value } : item)),
                }))
              }
            />
            {rater.id.trim() === '' && derived[i]?.renamed === true && (
              <span className="hint small" title={`An annotator's id is ${FILE_SAFE_ID_RULE}.`}>
                The header is not usable as an annotator&apos;s id, so the rater is {derived[i]?.id} (named “{rater.field}”).
              </span>
            )}
          </label>
        ))}
        {draft.judges.map((judge) => (
          <label key={`judge ${judge.field}`} className="field">
            <span>Judge name for {judge.field}</span>
            <input
              aria-label={`Judge name for ${judge.field}`}
              placeholder={judge.field}
              value={judge.name}
              onChange={(event) =>
                update((before) => ({
                  ...before,
                  judges: before.judges.map((item) => (item.field === judge.field ? { ...item, name: event.target.value } : item)),
                }))
              }
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A column's labels in words: how many, and every value left as no label, unparseable or blank. */
function columnSummary(column: LabelColumn): string {
  const parts = [`${column.labels.toLocaleString('en')} label${column.labels === 1 ? '' : 's'}`];
  if (column.unparseable > 0) parts.push(`${column.unparseable.toLocaleString('en')} of them unparseable`);
  if (column.noLabel > 0) parts.push(`${column.noLabel.toLocaleString('en')} value${column.noLabel === 1 ? '' : 's'} left as no label`);
  if (column.blank > 0) parts.push(`${column.blank.toLocaleString('en')} blank`);
  return parts.join(', ');
}

function whose(column: LabelColumn): string {
  if (column.role === 'judge') return column.name === '' ? 'judge named by each record' : `judge ${column.name}`;
  return column.name === column.id ? `rater ${column.id}` : `rater ${column.id} (${column.name})`;
}

/** Per label column the draft maps, its values with their counts and labels; each label a choice. */
export function ValueMaps({ columns, draft, update }: { columns: LabelColumn[]; draft: MappingDraft; update: Update }) {
  const mapped = new Set([...draft.raters.map((rater) => rater.field), ...draft.judges.map((judge) => judge.field), draft.fields.judgeLabel]);
  const shown = columns.filter((column) => mapped.has(column.field));
  if (shown.length === 0) return null;
  return (
    <section className="mapping-values" data-testid="mapping-values">
      <h3>Label values</h3>
      <p className="hint">
        Each value of a label column, with how often it comes, and the label it gives. A value the reply rule reads (Yes, No, Correct…) starts as that label;
        any other starts as no label for a person and unparseable for a judge.
      </p>
      {shown.map((column) => (
        <table key={column.field} className="data-table" aria-label={`Values of ${column.field}`} data-testid={`values-${column.field}`}>
          <caption>
            {column.field}: {whose(column)}. <span data-testid="column-summary">{columnSummary(column)}</span>
          </caption>
          <thead>
            <tr>
              <th>Turn</th>
              <th>Value</th>
              <th>Count</th>
              <th>Label</th>
            </tr>
          </thead>
          <tbody>
            {column.values.map((row) => {
              const chosen: ValueTarget = draft.values[column.field]?.[row.type]?.[row.value] ?? row.byRule;
              const targets = VALUE_TARGETS[row.type].filter((target) => column.role === 'judge' || target !== 'unparseable');
              const label = `${column.field}, ${TURN_NAME[row.type]} value ${row.value}`;
              return (
                <tr key={`${row.type}\u0000${row.value}`}>
                  <td>{TURN_NAME[row.type]}</td>
                  <td>{row.value}</td>
                  <td>{row.count.toLocaleString('en')}</td>
                  <td>
                    <select
                      aria-label={label}
                      value={chosen}
                      onChange={(event) => update((before) => withValue(before, column.field, row.type, row.value, event.target.value as ValueTarget))}
                    >
                      {targets.map((target) => (
                        <option key={target} value={target}>
                          {target}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ))}
    </section>
  );
}
