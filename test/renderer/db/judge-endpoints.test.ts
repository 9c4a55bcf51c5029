// The judge endpoints table against fake-indexeddb: endpoints list by name, a save replaces,
// a delete removes, and a URL with a user name or password in it is refused without being
// stored or repeated in the message (it may be the key).

import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeEndpoint } from '../../../shared/judge-run/stored-records';
import { deleteJudgeEndpoint, listJudgeEndpoints, saveJudgeEndpoint } from '../../../renderer/db/judge-endpoints';
import { closeDatabases, freshDatabase, NOW } from './db-fixtures';

afterEach(closeDatabases);

function endpoint(id: string, name: string, url = 'http://127.0.0.1:11434/v1'): JudgeEndpoint {
  return {
    id,
    name,
    url,
    model: 'llama3',
    temperature: 0,
    maxTokens: 16,
    concurrency: 2,
    rpm: null,
    timeoutSeconds: 30,
    hasKey: false,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

describe('judge endpoints', () => {
  it('lists endpoints by name, replaces on save and deletes by id', async () => {
    const db = freshDatabase();
    await saveJudgeEndpoint(db, endpoint('b', 'Ollama'));
    await saveJudgeEndpoint(db, endpoint('a', 'vLLM'));
    await saveJudgeEndpoint(db, endpoint('c', 'LM Studio'));
    expect((await listJudgeEndpoints(db)).map((e) => e.name)).toEqual(['LM Studio', 'Ollama', 'vLLM']);
    await saveJudgeEndpoint(db, { ...endpoint('b', 'Ollama'), model: 'qwen2', hasKey: true });
    expect(await db.judgeEndpoints.get('b')).toMatchObject({ model: 'qwen2', hasKey: true });
    await deleteJudgeEndpoint(db, 'c');
    expect((await listJudgeEndpoints(db)).map((e) => e.id)).toEqual(['b', 'a']);
  });

  it.each([
    ['a user name and password', 'https://lead:sk-secret-123@api.example.com/v1'],
    ['a user name', 'https://sk-secret-123@api.example.com/v1'],
  ])('refuses a URL with %s, neither storing it nor repeating it', async (_, url) => {
    const db = freshDatabase();
    const error = await saveJudgeEndpoint(db, endpoint('x', 'Hosted', url)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/must not hold a user name or password/);
    expect((error as Error).message).not.toContain('sk-secret-123');
    expect(await db.judgeEndpoints.count()).toBe(0);
  });

  it.each(['not a url', 'ftp://host/v1'])('refuses %j, which no chat-completions server answers', async (url) => {
    const db = freshDatabase();
    await expect(saveJudgeEndpoint(db, endpoint('x', 'Odd', url))).rejects.toThrow(/http:\/\/ or https:\/\//);
    expect(await db.judgeEndpoints.count()).toBe(0);
  });
});
