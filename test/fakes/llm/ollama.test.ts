// Ollama through both of its faces: the OpenAI-compatible base (model listings, unknown models through the
// AI SDK) and the native /api/chat (NDJSON stream by default) and /api/tags that other tools probe.
import { APICallError, generateText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './server.js';
import { caught, modelsFor } from './test-helpers.js';

let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const getJson = async (path: string) => {
  const res = await fetch(`${fake.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const postChat = (body: unknown) =>
  fetch(`${fake.url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('model listings', () => {
  it('lists the scripted models on both OpenAI-style paths and on /api/tags', async () => {
    fake.script.models = ['llama3.2:latest', 'mistral:7b'];
    for (const path of ['/ollama/v1/models', '/v1/models']) {
      const { status, body } = await getJson(path);
      expect(status).toBe(200);
      expect(body).toEqual({
        object: 'list',
        data: [
          { id: 'llama3.2:latest', object: 'model', created: 1_735_689_600, owned_by: 'library' },
          { id: 'mistral:7b', object: 'model', created: 1_735_689_600, owned_by: 'library' },
        ],
      });
    }
    const tags = await getJson('/api/tags');
    expect(
      (tags.body.models as Array<{ name: string; details: { family: string } }>).map((m) => m.name),
    ).toEqual(['llama3.2:latest', 'mistral:7b']);
    expect(await (await fetch(`${fake.url}/`)).text()).toBe('Ollama is running');
  });

  it('answers 404 "try pulling it first" for an unlisted model when asked to', async () => {
    fake.script.rejectUnknownModels = true;
    const { ollama } = modelsFor(fake);
    // 'llama3.2' matches the listed 'llama3.2:latest', as Ollama resolves it.
    expect((await generateText({ model: ollama, prompt: 'hi', maxRetries: 0 })).text).toBe('Echo: hi');

    fake.script.models = ['qwen2.5:7b'];
    const error = await caught(generateText({ model: ollama, prompt: 'hi', maxRetries: 0 }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(404);
    expect((error as APICallError).message).toBe('model "llama3.2" not found, try pulling it first');
  });
});

describe('native /api/chat', () => {
  const messages = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Name a tea.' },
  ];

  it('streams NDJSON by default, ending with a done line that carries the counts', async () => {
    fake.script.reply('Sencha, a green tea from Japan, steamed and rolled.');
    const res = await postChat({ model: 'llama3.2', messages });
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { message: { content: string }; done: boolean; eval_count?: number });

    const last = lines.at(-1);
    expect(lines.slice(0, -1).every((l) => !l.done)).toBe(true);
    expect(lines.map((l) => l.message.content).join('')).toBe(
      'Sencha, a green tea from Japan, steamed and rolled.',
    );
    expect(last).toMatchObject({ done: true, done_reason: 'stop', prompt_eval_count: 5, eval_count: 13 });
    expect(fake.calls[0]).toMatchObject({
      protocol: 'ollama',
      path: '/api/chat',
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Name a tea.' }],
      stream: true,
    });
  });

  it('answers one JSON with stream false, honours num_predict, and fails in its plain shape', async () => {
    fake.script.overlong(100);
    const res = await postChat({ model: 'llama3.2', messages, stream: false, options: { num_predict: 5 } });
    const body = (await res.json()) as {
      message: { content: string };
      done_reason: string;
      eval_count: number;
    };
    expect(body.message.content).toHaveLength(20);
    expect(body.done_reason).toBe('length');
    expect(body.eval_count).toBe(5);

    fake.script.fail({ status: 500 });
    const failed = await postChat({ model: 'llama3.2', messages, stream: false });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      error: 'The server had an error while processing your request. Sorry about that!',
    });
  });
});
