// The endpoint and the prompt version a judge run and a prompt search both start from: the
// choices, each defaulting to the first, and the two fields that change them. The versions offered
// are those usable on the study: a version with few-shot examples runs only on the study they came
// from (createJudgeRun refuses it elsewhere).

import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { JudgeEndpoint } from '../../../shared/judge-run/stored-records';
import { listJudgeEndpoints } from '../../db/judge-endpoints';
import { listPromptVersions, promptVersionUsableOn, type PromptVersionEntry } from '../../db/prompt-versions';
import { useServices } from '../../services/services';

export interface EndpointAndVersion {
  /** Every endpoint; undefined while loading. */
  endpoints: JudgeEndpoint[] | undefined;
  versions: PromptVersionEntry[] | undefined;
  /** The chosen endpoint, or the first. */
  endpoint: JudgeEndpoint | undefined;
  /** The chosen version's name, or the first's. */
  version: string | undefined;
  chooseEndpoint: (id: string) => void;
  chooseVersion: (name: string) => void;
}

export function useEndpointAndVersion(studyId: string): EndpointAndVersion {
  const { db } = useServices();
  const endpoints = useLiveQuery(() => listJudgeEndpoints(db), [db]);
  const versions = useLiveQuery(async () => (await listPromptVersions(db)).filter((version) => promptVersionUsableOn(version, studyId)), [db, studyId]);
  const [endpointId, chooseEndpoint] = useState('');
  const [versionName, chooseVersion] = useState('');
  return {
    endpoints,
    versions,
    endpoint: endpoints?.find((candidate) => candidate.id === endpointId) ?? endpoints?.[0],
    version: versionName === '' ? versions?.[0]?.name : versionName,
    chooseEndpoint,
    chooseVersion,
  };
}

export function EndpointAndVersionFields({ choice, versionLabel }: { choice: EndpointAndVersion; versionLabel: string }) {
  return (
    <>
      <label className="field">
        <span>Endpoint</span>
        <select value={choice.endpoint?.id ?? ''} onChange={(event) => choice.chooseEndpoint(event.target.value)}>
          {choice.endpoints?.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name} ({candidate.model})
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{versionLabel}</span>
        <select value={choice.version ?? ''} onChange={(event) => choice.chooseVersion(event.target.value)}>
          {choice.versions?.map((version) => (
            <option key={version.name} value={version.name}>
              {version.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
