// "Map fields…": for records in a layout the studio does not know, the lead picks which field is
// the puzzle id, story, question text, judge label and so on, which columns hold raters' and judges'
// labels and what their values mean, sees the first records mapped, the counts and what would not
// be imported, and only then imports; the mapping can be kept as a named preset.

import type { KeyboardEvent } from 'react';
import { formatErrorText } from '../../../shared/formats/errors';
import { MAPPING_TARGETS, TARGET_NAMES, type MappingTarget } from '../../../shared/formats/importers/mapping-preset';
import type { OpenedFile } from '../../../shared/platform/studio-platform';
import { LabelColumnPickers, ValueMaps } from './MappingLabelColumns';
import { useFieldMapping, type MappingDraft } from './useFieldMapping';

const REQUIRED: ReadonlySet<MappingTarget> = new Set(['story', 'reference']);

/** A label column's count for the preview: its labels, and what it leaves out, so nothing goes unsaid. */
function labelCount(column: { labels: number; noLabel: number; unparseable: number }): string {
  const labels = `${column.labels.toLocaleString('en')} label${column.labels === 1 ? '' : 's'}`;
  const unparseable = column.unparseable > 0 ? ` (${column.unparseable.toLocaleString('en')} unparseable)` : '';
  return column.noLabel > 0 ? `${labels}${unparseable}, ${column.noLabel.toLocaleString('en')} values left as no label` : `${labels}${unparseable}`;
}

const short = (text: string | undefined, chars = 60) => (text === undefined ? '' : text.length > chars ? `${text.slice(0, chars - 1)}…` : text);

/** A labelled text input, named by its label for the screen reader too. */
function TextField({ label, placeholder, value, onChange }: { label: string; placeholder?: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input aria-label={label} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** Where in the files the records are (the JSON path, the sheet): read again when the field is left, blank for the default. */
function RecordsAtField({
  label,
  part,
  placeholder,
  mapping,
}: {
  label: string;
  part: 'path' | 'sheet';
  placeholder: string;
  mapping: ReturnType<typeof useFieldMapping>;
}) {
  const value = mapping.at[part];
  return (
    <label className="field">
      <span>{label}</span>
      <input
        key={value ?? ''}
        aria-label={label}
        placeholder={placeholder}
        defaultValue={value ?? ''}
        onBlur={(event) => mapping.setAt({ ...mapping.at, [part]: event.target.value.trim() !== '' ? event.target.value.trim() : undefined })}
      />
    </label>
  );
}

export function MappingDialog({ files, onClose }: { files: OpenedFile[]; onClose(): void }) {
  const mapping = useFieldMapping(files);
  const { opened, draft, setDraft, built, check, saved } = mapping;
  const fieldNames = opened?.ok === true ? opened.fieldNames : [];
  const update = (change: Partial<MappingDraft>) => setDraft((before) => ({ ...before, ...change }));
  const setField = (target: MappingTarget, field: string) => {
    const fields = { ...draft.fields };
    if (field === '') delete fields[target];
    else fields[target] = field;
    update({ fields });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  const isJson = files.some((file) => /\.json$/i.test(file.name));
  const isWorkbook = files.some((file) => file.bytes !== undefined);

  return (
    <div className="modal-backdrop">
      <div className="modal mapping-dialog" role="dialog" aria-modal="true" aria-labelledby="mapping-title" data-testid="mapping-dialog" onKeyDown={onKeyDown}>
        <h2 id="mapping-title">Map the fields of {files.map((file) => file.name).join(', ')}</h2>
        <p className="hint">
          One record is one turn: pick the field of each part. Records without question text only name their puzzle (a puzzle list). Nothing is written until
          you import.
        </p>
        {saved.length > 0 && (
          <label className="field">
            <span>Saved preset</span>
            <select aria-label="Saved preset" value="" onChange={(event) => mapping.choosePreset(event.target.value)}>
              <option value="">Choose…</option>
              {saved.map((preset) => (
                <option key={preset.name} value={preset.name}>
                  {preset.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {isJson && <RecordsAtField label="Records at" part="path" placeholder="the JSON path of the list, e.g. data.items" mapping={mapping} />}
        {isWorkbook && <RecordsAtField label="Sheet" part="sheet" placeholder="the first sheet" mapping={mapping} />}
        {opened === undefined && <p role="status">Reading the records…</p>}
        {opened?.ok === false && (
          <ul className="error-list" role="alert">
            {opened.errors.map((error, index) => (
              <li key={index}>{formatErrorText(error)}</li>
            ))}
          </ul>
        )}
        {opened?.ok === true && (
          <>
            <p className="muted small" data-testid="mapping-layouts">
              {opened.layouts.join('; ')}
            </p>
            <fieldset className="mapping-fields">
              <legend>Fields</legend>
              {MAPPING_TARGETS.map((target) => (
                <label key={target} className="field">
                  <span>
                    {TARGET_NAMES[target]}
                    {REQUIRED.has(target) ? ' *' : ''}
                  </span>
                  <select aria-label={TARGET_NAMES[target]} value={draft.fields[target] ?? ''} onChange={(event) => setField(target, event.target.value)}>
                    <option value="">(not mapped)</option>
                    {fieldNames.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              {draft.fields.turnKind !== undefined && (
                <>
                  <TextField
                    label="Question values"
                    placeholder="question"
                    value={draft.questionKinds}
                    onChange={(questionKinds) => update({ questionKinds })}
                  />
                  <TextField label="Final answer values" placeholder="final" value={draft.finalKinds} onChange={(finalKinds) => update({ finalKinds })} />
                </>
              )}
              <TextField label="Player name" placeholder="where no field names one" value={draft.player} onChange={(player) => update({ player })} />
              <TextField label="Judge name" placeholder="where no field names one" value={draft.judge} onChange={(judge) => update({ judge })} />
            </fieldset>
            <LabelColumnPickers fieldNames={fieldNames} draft={draft} update={setDraft} />
            <ValueMaps columns={mapping.columns} draft={draft} update={setDraft} />
            {'problem' in built && <p className="notice notice-error">{built.problem}</p>}
            {check !== undefined && <MappingCheckView check={check} />}
          </>
        )}
        {mapping.message !== undefined && (
          <p role="status" data-testid="mapping-message">
            {mapping.message}
          </p>
        )}
        <TextField label="Preset name" value={draft.name} onChange={(name) => update({ name })} />
        <div className="modal-actions">
          <button type="button" className="chip" disabled={!('preset' in built)} onClick={mapping.savePreset}>
            Save preset
          </button>
          <button type="button" className="chip" disabled={!('preset' in built)} onClick={mapping.exportPreset}>
            Export preset…
          </button>
          <button type="button" className="primary" disabled={!mapping.ready} onClick={mapping.importMapped}>
            Import
          </button>
          <button type="button" className="chip" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}

function MappingCheckView({ check }: { check: NonNullable<ReturnType<typeof useFieldMapping>['check']> }) {
  return (
    <>
      <table className="data-table mapping-preview" aria-label="First records mapped">
        <thead>
          <tr>
            <th>Record</th>
            <th>Puzzle</th>
            <th>Story</th>
            <th>Session</th>
            <th>Player</th>
            <th>Judge</th>
            <th>Turn</th>
            <th>Judge label</th>
            <th>Column labels</th>
          </tr>
        </thead>
        <tbody>
          {check.rows.map((row, index) => (
            <tr key={index}>
              <td>{row.at.line !== undefined ? `line ${row.at.line}` : row.at.path}</td>
              <td>{row.puzzleId}</td>
              <td title={row.story}>{short(row.story)}</td>
              <td>{row.session ?? ''}</td>
              <td>{row.player ?? ''}</td>
              <td>{row.judge ?? ''}</td>
              <td>{row.turn === undefined ? '(puzzle only)' : `${row.turn.type}: ${short(row.turn.text)}`}</td>
              <td>{row.turn?.label === undefined ? '' : `${row.turn.label} (“${short(row.turn.reply, 30)}”)`}</td>
              <td>{(row.turn?.columns ?? []).map((cell) => `${cell.who}: ${cell.label} (“${short(cell.value, 20)}”)`).join('; ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {check.counts !== undefined && (
        <p data-testid="mapping-counts">
          Would import {check.counts.puzzles} puzzles, {check.counts.sessions} sessions, {check.counts.turns} turns
          {check.counts.unparseable > 0 ? `; ${check.counts.unparseable} judge labels could not be read and are kept as written` : ''}.
        </p>
      )}
      {check.counts !== undefined && check.counts.finals > 0 && (
        <p data-testid="mapping-turn-kinds">
          {check.counts.questions.toLocaleString('en')} questions and {check.counts.finals.toLocaleString('en')} final answers.
        </p>
      )}
      {check.columns.length > 0 && (
        <ul data-testid="mapping-labels" aria-label="Labels per rater and judge">
          {check.columns.map((column) => (
            <li key={column.field}>
              {column.role === 'rater' ? `Rater ${column.id}` : column.name === '' ? 'The judge of each record' : `Judge ${column.name}`}: {labelCount(column)}
            </li>
          ))}
        </ul>
      )}
      {check.needs.map((name) => (
        <p key={name} className="notice notice-error">
          The records name no {name}: map a {name} field or type the {name} name.
        </p>
      ))}
      {check.problems.length > 0 && (
        <ul className="error-list" role="alert" data-testid="mapping-problems">
          {check.problems.slice(0, 20).map((error, index) => (
            <li key={index}>{formatErrorText(error)}</li>
          ))}
          {check.problems.length > 20 && <li>…and {check.problems.length - 20} more.</li>}
        </ul>
      )}
      <div data-testid="mapping-leftovers">
        {check.leftovers.length === 0 ? (
          <p className="muted small">Every field is imported.</p>
        ) : (
          <>
            <p>Not imported:</p>
            <ul>
              {check.leftovers.map((item) => (
                <li key={`${item.file}\u0000${item.what}`}>
                  {item.what}: {item.count.toLocaleString('en')} (for example {item.examples.map((example) => JSON.stringify(example)).join(', ')})
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
