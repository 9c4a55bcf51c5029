// The Judges page's prompt versions: the built-in ones with the sources their text follows, the
// benchmarks' own imported with a study (with the file they came from and a note on what differs),
// and the lead's own with the version each was edited from and the few-shot examples it carries
// (how many a task, whose corrections, which study); any of them can be edited into a new one.

import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { Study } from '../../../shared/domain/model';
import { builtInPrompt } from '../../../shared/judge-run/prompts';
import type { PromptExamples, SavedPromptVersion } from '../../../shared/judge-run/stored-records';
import { listPromptVersions, type PromptVersionEntry } from '../../db/prompt-versions';
import { useServices } from '../../services/services';
import { examplesText } from './examples-text';
import { PromptVersionDialog } from './PromptVersionDialog';

function Origin({ version }: { version: PromptVersionEntry }) {
  if (version.importedWith !== undefined)
    return (
      <>
        Imported with the study {version.importedWith.studyName}, from {version.basedOn}
      </>
    );
  if (!version.builtIn) return <>Edited from {version.basedOn}</>;
  const sources = builtInPrompt(version.name)?.sources ?? [];
  return (
    <>
      Built in, following{' '}
      {sources.map((source, index) => (
        <span key={source.repository} title={`${source.file}; licence: ${source.licence}; ${source.use}`}>
          {index > 0 && ', '}
          {source.repository}
        </span>
      ))}
    </>
  );
}

function Examples({ examples, studyNames }: { examples: PromptExamples; studyNames: ReadonlyMap<string, string> | undefined }) {
  const study = studyNames?.get(examples.studyId);
  return (
    <div className="muted small" data-testid="prompt-version-examples">
      Few-shot examples: {examplesText(examples)}, in the study {study ?? `${examples.studyId} (no longer in the library)`}; runs on that study only.
    </div>
  );
}

function savedText(saved: SavedPromptVersion): string {
  return saved.examples === undefined ? `Saved ${saved.name}.` : `Saved ${saved.name} with ${examplesText(saved.examples)}.`;
}

export function PromptVersionsSection({ study }: { study: Study }) {
  const { db } = useServices();
  const versions = useLiveQuery(() => listPromptVersions(db), [db]);
  const studyNames = useLiveQuery(async () => {
    const ids = [...new Set(versions?.flatMap((version) => (version.examples === undefined ? [] : [version.examples.studyId])))];
    const studies = await db.studies.bulkGet(ids);
    return new Map(studies.flatMap((record) => (record === undefined ? [] : [[record.id, record.name] as const])));
  }, [db, versions]);
  const [editing, setEditing] = useState<PromptVersionEntry>();
  const [saved, setSaved] = useState<string>();

  return (
    <section aria-labelledby="judges-prompts" className="judges-prompts">
      <h2 id="judges-prompts">Prompt versions</h2>
      <p className="muted small">A judge is a model with a prompt version, named model@version. A saved version never changes: an edit is a new version.</p>
      {saved !== undefined && (
        <p className="notice" role="status" data-testid="prompt-version-saved">
          {saved}
        </p>
      )}
      <ul className="plain-list" data-testid="prompt-versions">
        {versions?.map((version) => (
          <li key={version.name} data-prompt-version={version.name}>
            <details>
              <summary>
                <strong>{version.name}</strong>{' '}
                <span className="muted small">
                  — <Origin version={version} />
                </span>
              </summary>
              {version.note !== undefined && (
                <>
                  <h3 className="small">Not run exactly as its source ran it</h3>
                  <p className="prompt-note small">{version.note}</p>
                </>
              )}
              <h3 className="small">Question</h3>
              <pre className="prompt-text">{version.question}</pre>
              <h3 className="small">Final answer</h3>
              <pre className="prompt-text">{version.final}</pre>
            </details>
            {version.examples !== undefined && <Examples examples={version.examples} studyNames={studyNames} />}
            <button type="button" className="chip" aria-label={`Edit ${version.name} as new version`} onClick={() => setEditing(version)}>
              Edit as new version
            </button>
          </li>
        ))}
      </ul>
      {editing !== undefined && (
        <PromptVersionDialog
          base={editing}
          study={study}
          onSaved={(version) => {
            setEditing(undefined);
            setSaved(savedText(version));
          }}
          onClose={() => setEditing(undefined)}
        />
      )}
    </section>
  );
}
