// The modal form that adds or edits a judge endpoint. The API key lives only in this form's state
// until Save (or Test connection) hands it to the host (platform.judgeEndpoints.register), and the
// form is gone after; the stored row gets only whether the host holds a key. Test connection asks
// the host for the endpoint's models and shows what failed in words; Cancel takes back what it registered.

import { useRef, useState, type FormEvent } from 'react';
import type { ConnectionCheck } from '../../../shared/judge-run/connection-check';
import type { JudgeEndpoint } from '../../../shared/judge-run/stored-records';
import { saveJudgeEndpoint } from '../../db/judge-endpoints';
import { useServices } from '../../services/services';
import { FormDialog } from '../settings';
import { endpointFields, NEW_ENDPOINT_FIELDS, readConnectionFields, readEndpointFields, type EndpointFields, type FieldProblems } from './endpoint-form';

const FIELDS: readonly { field: keyof EndpointFields; label: string; hint?: string }[] = [
  { field: 'name', label: 'Name' },
  { field: 'url', label: 'Base URL', hint: 'The address before /chat/completions, such as http://127.0.0.1:11434/v1' },
  { field: 'model', label: 'Model' },
  { field: 'temperature', label: 'Temperature' },
  {
    field: 'maxTokens',
    label: 'Max tokens',
    hint: 'The longest reply. A reasoning model (DeepSeek-R1, Qwen3, QwQ) thinks before its verdict: give it 4096 or more. A reply cut off here before a verdict gives no label and is counted as cut off.',
  },
  { field: 'concurrency', label: 'Concurrency (requests at once)' },
  { field: 'rpm', label: 'Requests per minute', hint: 'Blank: no bound beyond concurrency' },
  { field: 'timeoutSeconds', label: 'Timeout (seconds)' },
];

interface Props {
  /** The endpoint edited; undefined adds one. */
  endpoint: JudgeEndpoint | undefined;
  onClose: () => void;
  /** After a save: whether the page must reload to reach the endpoint's address. */
  onSaved: (reloadToConnect: boolean) => void;
}

export function EndpointDialog({ endpoint, onClose, onSaved }: Props) {
  const { db, platform } = useServices();
  const [fields, setFields] = useState<EndpointFields>(endpoint ? endpointFields(endpoint) : NEW_ENDPOINT_FIELDS);
  const [apiKey, setApiKey] = useState('');
  const [logprobs, setLogprobs] = useState(endpoint?.logprobs === true);
  const [removeKey, setRemoveKey] = useState(false);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [id] = useState(() => endpoint?.id ?? crypto.randomUUID());
  const [testing, setTesting] = useState(false);
  const [check, setCheck] = useState<ConnectionCheck>();
  // Whether Test connection registered with the host what Save has not stored yet.
  const testRegistered = useRef(false);

  // Blank keeps the stored key when editing; a new endpoint without a key simply has none.
  const keyChoice = () => (removeKey ? null : apiKey !== '' ? apiKey : endpoint ? undefined : null);

  const testConnection = () => {
    if (testing) return;
    const read = readConnectionFields(fields);
    if ('problems' in read) {
      setProblems(read.problems);
      setCheck(undefined);
      return;
    }
    setProblems({});
    setTesting(true);
    setCheck(undefined);
    const { url, model, timeoutSeconds } = read.connection;
    const key = keyChoice();
    // The host sends only to an address registered with it, with the key it holds: the same registration Save makes.
    platform.judgeEndpoints
      .register({ endpointId: id, url, ...(key === undefined ? {} : { apiKey: key }) })
      .then(() => {
        testRegistered.current = true;
        return platform.judgeEndpoints.testConnection({ endpointId: id, url, model, timeoutMs: timeoutSeconds * 1000 });
      })
      .then(setCheck, (error: unknown) =>
        setCheck({ ok: false, problem: 'not-set-up', message: `Not tested: ${error instanceof Error ? error.message : String(error)}`, models: [] }),
      )
      .finally(() => setTesting(false));
  };

  const cancel = () => {
    if (testRegistered.current) {
      // A new endpoint leaves nothing with the host; an edited one goes back to its stored address (a key typed for the test stays only if it had one).
      const undo =
        endpoint === undefined
          ? platform.judgeEndpoints.forget(id)
          : platform.judgeEndpoints.register({ endpointId: id, url: endpoint.url, ...(endpoint.hasKey ? {} : { apiKey: null }) });
      void undo.catch(() => undefined);
    }
    onClose();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const read = readEndpointFields(fields);
    if ('problems' in read) {
      setProblems(read.problems);
      setProblem('Some fields need a change; each says why.');
      return;
    }
    setProblems({});
    setSaving(true);
    const now = new Date().toISOString();
    const key = keyChoice();
    platform.judgeEndpoints
      .register({ endpointId: id, url: read.settings.url, ...(key === undefined ? {} : { apiKey: key }) })
      .then(async (answer) => {
        await saveJudgeEndpoint(db, {
          ...read.settings,
          id,
          ...(logprobs ? { logprobs: true } : {}),
          hasKey: answer.hasKey,
          keyStorage: answer.keyStorage,
          createdAt: endpoint?.createdAt ?? now,
          updatedAt: now,
        });
        setApiKey('');
        onSaved(answer.reloadToConnect);
      })
      .catch((error: unknown) => {
        setSaving(false);
        // A new endpoint that was not stored must not stay registered with the host.
        if (endpoint === undefined) void platform.judgeEndpoints.forget(id).catch(() => undefined);
        // Neither a host nor the database names the key in its errors; the message is theirs.
        setProblem(`The endpoint was not saved: ${error instanceof Error ? error.message : String(error)}`);
      });
  };

  return (
    <FormDialog
      titleId="endpoint-title"
      title={endpoint ? `Edit ${endpoint.name}` : 'Add a judge endpoint'}
      className="endpoint-dialog"
      submitText={saving ? 'Saving…' : 'Save endpoint'}
      problem={problem}
      onSubmit={save}
      onCancel={cancel}
    >
      {FIELDS.map(({ field, label, hint }) => {
        const note = problems[field] ?? hint;
        return (
          <div className="field" key={field}>
            <label htmlFor={`endpoint-${field}`}>{label}</label>
            <input
              id={`endpoint-${field}`}
              value={fields[field]}
              onChange={(event) => setFields({ ...fields, [field]: event.target.value })}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={problems[field] !== undefined}
              aria-describedby={note !== undefined ? `endpoint-${field}-note` : undefined}
            />
            {note !== undefined && (
              <span className={problems[field] !== undefined ? 'field-problem small' : 'muted small'} id={`endpoint-${field}-note`}>
                {note}
              </span>
            )}
          </div>
        );
      })}
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" checked={logprobs} onChange={(event) => setLogprobs(event.target.checked)} aria-describedby="endpoint-logprobs-note" />
          Returns log-probabilities
        </label>
        <span className="muted small" id="endpoint-logprobs-note">
          Runs ask for the probability of each verdict (OpenAI, vLLM, llama.cpp, Ollama 0.12.11 on), which the report&apos;s calibration reads. A server that
          refuses them is asked again without.
        </span>
      </div>
      <div className="field">
        <label htmlFor="endpoint-api-key">API key</label>
        <input
          id="endpoint-api-key"
          type="password"
          value={apiKey}
          disabled={removeKey}
          onChange={(event) => setApiKey(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="endpoint-api-key-note"
        />
        <span className="muted small" id="endpoint-api-key-note">
          {endpoint?.hasKey ? 'Blank keeps the key the app holds.' : 'Blank for an endpoint that needs none.'} The app keeps the key outside the study database,
          exports and backups.
        </span>
      </div>
      {endpoint?.hasKey && (
        <label>
          <input type="checkbox" checked={removeKey} onChange={(event) => setRemoveKey(event.target.checked)} /> Remove key
        </label>
      )}
      <div className="field">
        <button type="button" className="chip" onClick={testConnection} disabled={testing} aria-describedby="endpoint-test-note">
          {testing ? 'Testing…' : 'Test connection'}
        </button>
        <span className="muted small" id="endpoint-test-note">
          Asks the endpoint for its models (…/v1/models) with this address and key, and looks for the model.
        </span>
        {check !== undefined && (
          <div
            className={check.ok ? 'notice small' : 'notice notice-error small'}
            role="status"
            data-testid="endpoint-test-result"
            data-ok={check.ok}
            data-problem={check.ok ? undefined : check.problem}
          >
            {check.message}
          </div>
        )}
      </div>
    </FormDialog>
  );
}
