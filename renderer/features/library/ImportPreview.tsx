// The preview of a benchmark import (or of a puzzle list that left fields unread), shown before
// anything is written: each file's layout, how the files were grouped, the counts, the judge
// replies that could not be read and everything not imported, with counts and examples. The lead
// imports anyway, maps the fields of a puzzle list instead, or cancels (the worker drops it).

import { countText } from '../../../shared/domain/count-text';
import { contentsText, leftOutText, leftoverCountText, type ImportPreview as Preview } from '../../../shared/formats/importers/import-preview';
import type { OpenedFile } from '../../../shared/platform/studio-platform';
import { MapFieldsButton } from './MapFieldsOffer';

const MAX_ROWS_SHOWN = 100;

/** Under a list cut at MAX_ROWS_SHOWN, how much of it the list does not show; nothing when it shows all. */
function NotShown({ total }: { total: number }) {
  if (total <= MAX_ROWS_SHOWN) return null;
  return (
    <p className="muted">
      The first {MAX_ROWS_SHOWN} of {total.toLocaleString('en-US')} are shown.
    </p>
  );
}

/** `mappable`: the files of a puzzle list that left fields unread, which "Map fields…" opens in the mapping dialog. */
export function ImportPreview({ preview, mappable, onImport, onCancel }: { preview: Preview; mappable?: OpenedFile[]; onImport(): void; onCancel(): void }) {
  const { counts, unparseable, leftovers, prompts, judgeSamples } = preview;
  const leftOut = leftOutText(leftovers);
  return (
    <section className="notice notice-warning" aria-labelledby="import-preview-title" data-testid="import-preview">
      <h2 id="import-preview-title">Check before importing: {preview.system}</h2>
      <ul>
        {preview.layouts.map(({ file, layout }) => (
          <li key={file}>
            {file}: {layout}
          </li>
        ))}
      </ul>
      <p data-testid="import-counts">
        {preview.grouping}: {contentsText(counts)}
        {counts.raters > 0 && `, ${countText(counts.humanLabels, 'human label')} by ${countText(counts.raters, 'rater')}`}.
      </p>
      {prompts.length > 0 && (
        <>
          <h3>Judge prompts found (kept as prompt versions, to run on an endpoint from the Judges page)</h3>
          <ul data-testid="import-prompts">
            {prompts.map((prompt) => (
              <li key={prompt.name}>
                {prompt.name}: from {prompt.source}
                {prompt.note !== undefined && <span className="muted small"> — not sent exactly as the benchmark sent it; the version's note says how</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {judgeSamples.map((row) => (
        <p key={row.judge}>
          The labels of {row.judge} are each the majority of {countText(row.samples, 'sample')} ({row.source}); the report says so.
        </p>
      ))}
      {unparseable.length > 0 && (
        <>
          <h3>Judge replies that could not be read (kept as written, left out of the figures)</h3>
          <ul className="error-list" data-testid="import-unparseable">
            {unparseable.slice(0, MAX_ROWS_SHOWN).map(({ judge, reply, count }) => (
              <li key={`${judge}\u0000${reply}`}>
                {judge}: {JSON.stringify(reply)} × {count.toLocaleString('en-US')}
              </li>
            ))}
          </ul>
          <NotShown total={unparseable.length} />
        </>
      )}
      {leftovers.length > 0 ? (
        <>
          <h3>Not imported: {leftOut}</h3>
          <ul className="error-list" data-testid="import-leftovers">
            {leftovers.slice(0, MAX_ROWS_SHOWN).map((item) => (
              <li key={`${item.file}\u0000${item.what}`}>
                {item.file}: {item.what}: {leftoverCountText(item)} (for example {item.examples.map((example) => JSON.stringify(example)).join(', ')})
              </li>
            ))}
          </ul>
          <NotShown total={leftovers.length} />
        </>
      ) : (
        <p>Nothing left out.</p>
      )}
      {mappable !== undefined && (
        <p data-testid="import-map-hint">
          These fields are read by no layout the studio knows. To bring them in, map the fields instead: say which field is what (nothing is written until you
          import).
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="primary" onClick={onImport}>
          Import anyway
        </button>
        {mappable !== undefined && <MapFieldsButton files={mappable} />}
        <button type="button" className="chip" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
