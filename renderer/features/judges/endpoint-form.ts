// The endpoint form's fields as typed (all text) and their reading into an endpoint's settings
// (or the few Test connection needs), with each field's problem in words. The API key is not among them: the form keeps it apart so
// it goes to the host alone and never into anything that is stored.

import type { JudgeEndpoint } from '../../../shared/judge-run/stored-records';

export type EndpointSettings = Pick<JudgeEndpoint, 'name' | 'url' | 'model' | 'temperature' | 'maxTokens' | 'concurrency' | 'rpm' | 'timeoutSeconds'>;

export type EndpointFields = { [K in keyof EndpointSettings]: string };

export const NEW_ENDPOINT_FIELDS: EndpointFields = {
  name: '',
  url: 'http://127.0.0.1:11434/v1',
  model: '',
  temperature: '0',
  // A ceiling, not a cost: a reasoning model thinks for hundreds to thousands of tokens before its verdict.
  maxTokens: '4096',
  concurrency: '2',
  rpm: '',
  timeoutSeconds: '60',
};

export function endpointFields(endpoint: JudgeEndpoint): EndpointFields {
  return {
    name: endpoint.name,
    url: endpoint.url,
    model: endpoint.model,
    temperature: String(endpoint.temperature),
    maxTokens: String(endpoint.maxTokens),
    concurrency: String(endpoint.concurrency),
    rpm: endpoint.rpm === null ? '' : String(endpoint.rpm),
    timeoutSeconds: String(endpoint.timeoutSeconds),
  };
}

export type FieldProblems = Partial<Record<keyof EndpointSettings, string>>;

function wholeNumber(text: string, what: string, problems: FieldProblems, field: keyof EndpointSettings): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value) || value < 1) problems[field] = `${what} must be a whole number of at least 1`;
  return value;
}

/** Why `url` cannot be an endpoint's base URL; never repeats it, for a user part may be a key. */
function baseUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The base URL starts with http:// or https://, as in http://127.0.0.1:11434/v1';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The base URL starts with http:// or https://, as in http://127.0.0.1:11434/v1';
  if (parsed.username !== '' || parsed.password !== '') return 'The base URL must not hold a user name or password; give the API key in its own field';
  return undefined;
}

/** The settings the fields give, or each field's problem. */
export function readEndpointFields(fields: EndpointFields): { settings: EndpointSettings } | { problems: FieldProblems } {
  const problems: FieldProblems = {};
  const name = fields.name.trim();
  if (name === '') problems.name = 'Give the endpoint a name, such as "Ollama on this computer"';
  const url = fields.url.trim();
  const urlProblem = baseUrlProblem(url);
  if (urlProblem !== undefined) problems.url = urlProblem;
  const model = fields.model.trim();
  if (model === '') problems.model = 'Give the model name the endpoint serves, such as llama3.1:8b';
  else if (model.includes('@')) problems.model = `The model name must not contain "@", which separates the model from the prompt version in a judge's name`;
  const temperature = Number(fields.temperature.trim());
  if (fields.temperature.trim() === '' || !Number.isFinite(temperature) || temperature < 0 || temperature > 2)
    problems.temperature = 'The temperature is a number from 0 to 2';
  const maxTokens = wholeNumber(fields.maxTokens, 'Max tokens', problems, 'maxTokens');
  const concurrency = wholeNumber(fields.concurrency, 'Concurrency', problems, 'concurrency');
  const rpm = fields.rpm.trim() === '' ? null : wholeNumber(fields.rpm, 'Requests per minute', problems, 'rpm');
  const timeoutSeconds = wholeNumber(fields.timeoutSeconds, 'The timeout', problems, 'timeoutSeconds');
  if (Object.keys(problems).length > 0) return { problems };
  return { settings: { name, url, model, temperature, maxTokens, concurrency, rpm, timeoutSeconds } };
}

const CONNECTION_FIELDS = ['url', 'model', 'timeoutSeconds'] as const;

/** What Test connection needs (the address, the model looked for, the timeout), or those fields' problems: the others may wait until Save. */
export function readConnectionFields(
  fields: EndpointFields,
): { connection: Pick<EndpointSettings, 'url' | 'model' | 'timeoutSeconds'> } | { problems: FieldProblems } {
  const read = readEndpointFields(fields);
  if ('settings' in read) return { connection: read.settings };
  const problems: FieldProblems = Object.fromEntries(
    CONNECTION_FIELDS.flatMap((field) => (read.problems[field] === undefined ? [] : [[field, read.problems[field]]])),
  );
  if (Object.keys(problems).length > 0) return { problems };
  return { connection: { url: fields.url.trim(), model: fields.model.trim(), timeoutSeconds: Number(fields.timeoutSeconds.trim()) } };
}
