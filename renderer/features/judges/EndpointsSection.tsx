// The Judges page's endpoints: each with its model, URL and whether the app holds a key for it;
// add, edit and delete, and the notice that asks for a reload when the web page must be allowed
// to reach a new address (the route is in the hash, so the page comes back where it was).

import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { JudgeEndpoint } from '../../../shared/judge-run/stored-records';
import { deleteJudgeEndpoint, listJudgeEndpoints } from '../../db/judge-endpoints';
import { useServices } from '../../services/services';
import { EndpointDialog } from './EndpointDialog';

const KEY_STORAGE_TEXT: Record<NonNullable<JudgeEndpoint['keyStorage']>, string> = {
  system: 'encrypted by the operating system',
  browser: 'encrypted by the browser, in its own database',
  session: 'kept only until the app closes (no protected storage here)',
};

/** Where the endpoint's key is, in words; never the key. */
function keyText(endpoint: JudgeEndpoint): string {
  if (!endpoint.hasKey) return 'none';
  return endpoint.keyStorage === undefined ? 'kept by the app, outside the study database' : KEY_STORAGE_TEXT[endpoint.keyStorage];
}

type Editing = { endpoint: JudgeEndpoint | undefined } | null;

export function EndpointsSection() {
  const { db, platform } = useServices();
  const endpoints = useLiveQuery(() => listJudgeEndpoints(db), [db]);
  const [editing, setEditing] = useState<Editing>(null);
  const [reloadNeeded, setReloadNeeded] = useState(false);
  const [problem, setProblem] = useState<string>();

  const remove = (endpoint: JudgeEndpoint) => {
    setProblem(undefined);
    Promise.all([platform.judgeEndpoints.forget(endpoint.id), deleteJudgeEndpoint(db, endpoint.id)]).catch((error: unknown) =>
      setProblem(`${endpoint.name} was not deleted: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  return (
    <section aria-labelledby="judges-endpoints" className="judges-endpoints">
      <h2 id="judges-endpoints">Endpoints</h2>
      <p className="muted small">Any server that speaks the OpenAI chat-completions protocol: Ollama, vLLM, llama.cpp, LM Studio or a hosted API.</p>
      {reloadNeeded && (
        <div className="notice notice-warning" role="status" data-testid="judges-reload-notice">
          This page can reach the new address after a reload; your work is kept.{' '}
          <button type="button" className="chip" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      )}
      {problem !== undefined && (
        <div className="notice notice-error" role="alert">
          {problem}
        </div>
      )}
      {endpoints !== undefined && endpoints.length === 0 && <p className="empty">No endpoint yet.</p>}
      {endpoints !== undefined && endpoints.length > 0 && (
        <table className="report-table" data-testid="judge-endpoints">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Model</th>
              <th scope="col">URL</th>
              <th scope="col">API key</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((endpoint) => (
              <tr key={endpoint.id}>
                <th scope="row">{endpoint.name}</th>
                <td>{endpoint.model}</td>
                <td>{endpoint.url}</td>
                <td>{keyText(endpoint)}</td>
                <td>
                  <button type="button" className="chip" aria-label={`Edit ${endpoint.name}`} onClick={() => setEditing({ endpoint })}>
                    Edit
                  </button>{' '}
                  <button type="button" className="chip" aria-label={`Delete ${endpoint.name}`} onClick={() => remove(endpoint)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="primary" onClick={() => setEditing({ endpoint: undefined })}>
        Add an endpoint
      </button>
      {editing !== null && (
        <EndpointDialog
          endpoint={editing.endpoint}
          onClose={() => setEditing(null)}
          onSaved={(reloadToConnect) => {
            setEditing(null);
            if (reloadToConnect) setReloadNeeded(true);
          }}
        />
      )}
    </section>
  );
}
