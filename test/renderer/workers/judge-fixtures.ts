// Test helper for the judge worker's tests: the demo study with the loopback server's `[item:ID]`
// on every turn and `[fake:...]` misbehaviours on chosen ones, stored with labels on some units
// (the calibration set), an endpoint record, and the host's `send` built the way the browser
// host builds it (createFetchSender over fetch, adding the key), which logs what it was asked.

import type { StudyData } from '../../../shared/domain/model';
import { createFetchSender, type FetchLike } from '../../../shared/judge-run/chat-completions';
import type { JudgeEndpoint } from '../../../shared/judge-run/stored-records';
import type { JudgeSendRequest } from '../../../shared/platform/studio-platform';
import type { StudioDatabase } from '../../../renderer/db/database';
import { saveJudgeEndpoint } from '../../../renderer/db/judge-endpoints';
import type { SendThroughHost } from '../../../renderer/workers/judge-protocol';
import { databaseWith, demoStudy, label, NOW } from '../db/db-fixtures';

export const KEY = 'sk-judge-worker-test-5e4d3c2b1a';

/** The demo study, each turn's text ending in `[item:<turn id>]` and, for the turns in `fakes`, `[fake:<directives>]`. */
export function judgeDemo(fakes: Readonly<Record<string, string>> = {}): StudyData {
  const demo = demoStudy();
  const turns = demo.turns.map((turn) => {
    const fake = fakes[turn.id];
    return { ...turn, text: `${turn.text} [item:${turn.id}]${fake === undefined ? '' : ` [fake:${fake}]`}` };
  });
  return { ...demo, turns };
}

/** The study stored with an `answer` or `match` label by "ann" on each of `labelled`. */
export async function judgeDatabase(data: StudyData, labelled: readonly string[]): Promise<StudioDatabase> {
  const db = await databaseWith([data]);
  const turns = new Map(data.turns.map((turn) => [turn.id, turn]));
  await db.labels.bulkPut(
    labelled.map((id) =>
      turns.get(id)?.type === 'final' ? label(data.study.id, 'ann', id, 'match', 'matched') : label(data.study.id, 'ann', id, 'answer', 'yes'),
    ),
  );
  await db.annotators.put({ studyId: data.study.id, id: 'ann', name: 'Ann' });
  return db;
}

export async function savedEndpoint(db: StudioDatabase, url: string, settings: Partial<JudgeEndpoint> = {}): Promise<JudgeEndpoint> {
  const endpoint: JudgeEndpoint = {
    id: 'ep-local',
    name: 'Loopback',
    url,
    model: 'fake-judge',
    temperature: 0,
    maxTokens: 16,
    concurrency: 4,
    rpm: null,
    timeoutSeconds: 0.5,
    hasKey: true,
    createdAt: NOW,
    updatedAt: NOW,
    ...settings,
  };
  await saveJudgeEndpoint(db, endpoint);
  return endpoint;
}

/** The host's send as the browser host makes it: the key added here, never by the worker. */
export function hostSend(): { send: SendThroughHost; requests: JudgeSendRequest[] } {
  const sender = createFetchSender(fetch as unknown as FetchLike);
  const requests: JudgeSendRequest[] = [];
  const send: SendThroughHost = (request) => {
    requests.push(request);
    const { url, model, temperature, maxTokens, timeoutMs } = request;
    return sender({ url, model, apiKey: KEY, temperature, maxTokens, timeoutMs }, request.messages);
  };
  return { send, requests };
}
