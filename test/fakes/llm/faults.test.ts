// Scripted faults through the real AI SDK: each error status surfaces as an APICallError with the right
// status in every protocol, retry-after is honoured, slow answers meet client timeouts, dropped sockets fail.
import { APICallError, generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './server.js';
import { caught, modelsFor } from './test-helpers.js';
import { PROTOCOLS, type Protocol } from './types.js';

let fake: FakeLlm;
let models: ReturnType<typeof modelsFor>;

beforeAll(async () => {
  fake = await startFakeLlm();
  models = modelsFor(fake);
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const ask = (protocol: Protocol, extra: { maxRetries?: number; abortSignal?: AbortSignal } = {}) =>
  generateText({ model: models[protocol], prompt: 'Say hi', maxRetries: 0, ...extra });

/** The error type each protocol's body carries for a status (what a client would branch on). */
const ERROR_TYPES: Record<number, { openai: string; anthropic: string }> = {
  429: { openai: 'requests', anthropic: 'rate_limit_error' },
  500: { openai: 'server_error', anthropic: 'api_error' },
  503: { openai: 'server_error', anthropic: 'api_error' },
  529: { openai: 'server_error', anthropic: 'overloaded_error' },
};

describe.each(PROTOCOLS)('%s errors', (protocol) => {
  it.each([429, 500, 503, 529])('answers %i as an APICallError the SDK marks retryable', async (status) => {
    fake.script.fail({ status, protocol });
    const error = await caught(ask(protocol));

    expect(APICallError.isInstance(error)).toBe(true);
    const apiError = error as APICallError;
    expect(apiError.statusCode).toBe(status);
    expect(apiError.isRetryable).toBe(true);
    const body = JSON.parse(apiError.responseBody ?? '{}');
    if (protocol === 'anthropic') {
      expect(body).toMatchObject({ type: 'error', error: { type: ERROR_TYPES[status]?.anthropic } });
      if (status === 529) expect(apiError.message).toBe('Overloaded');
    } else if (protocol === 'ollama') {
      expect(body).toMatchObject({ error: { type: 'api_error', message: apiError.message } });
    } else {
      expect(body).toMatchObject({ error: { type: ERROR_TYPES[status]?.openai, message: apiError.message } });
    }
    if (status === 429) expect(apiError.responseHeaders?.['retry-after']).toBe('1');
    // The fault was used up: the next call answers.
    expect((await ask(protocol)).text).toBe('Echo: Say hi');
  });

  it('fails a stream before its first chunk with the same APICallError', async () => {
    fake.script.fail({ status: 503, protocol });
    const errors: unknown[] = [];
    const result = streamText({
      model: models[protocol],
      prompt: 'Say hi',
      maxRetries: 0,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    await result.consumeStream();
    expect(errors).toHaveLength(1);
    expect((errors[0] as APICallError).statusCode).toBe(503);
  });
});

describe('authentication', () => {
  it('answers 401 in each keyed protocol for a key not accepted; Ollama needs none', async () => {
    fake.script.acceptedKeys = ['the-right-key'];
    const wrong = modelsFor(fake, { openai: 'sk-wrong', anthropic: 'sk-ant-wrong' });
    for (const protocol of ['openai-chat', 'openai-responses'] as const) {
      const error = (await caught(
        generateText({ model: wrong[protocol], prompt: 'x', maxRetries: 0 }),
      )) as APICallError;
      expect(error.statusCode).toBe(401);
      expect(error.isRetryable).toBe(false);
      expect(JSON.parse(error.responseBody ?? '')).toEqual({
        error: {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    }
    const error = (await caught(
      generateText({ model: wrong.anthropic, prompt: 'x', maxRetries: 0 }),
    )) as APICallError;
    expect(error.statusCode).toBe(401);
    expect(JSON.parse(error.responseBody ?? '')).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    expect((await generateText({ model: wrong.ollama, prompt: 'x', maxRetries: 0 })).text).toBe('Echo: x');
    expect(fake.calls.map((c) => [c.apiKey, c.status])).toEqual([
      ['sk-wrong', 401],
      ['sk-wrong', 401],
      ['sk-ant-wrong', 401],
      [undefined, 200],
    ]);

    const right = modelsFor(fake, { openai: 'the-right-key', anthropic: 'the-right-key' });
    expect((await generateText({ model: right.anthropic, prompt: 'y', maxRetries: 0 })).text).toBe('Echo: y');
  });

  it('rejects a missing key, and takes a bearer token or x-api-key on the Anthropic route', async () => {
    const post = (path: string, headers: Record<string, string>, body: unknown) =>
      fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
    const noKey = await post('/v1/chat/completions', {}, chat);
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');

    const message = {
      model: 'claude-haiku-4-5',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'hi' }],
    };
    const version = { 'anthropic-version': '2023-06-01' };
    expect((await post('/v1/messages', version, message)).status).toBe(401);
    expect((await post('/v1/messages', { ...version, authorization: 'Bearer tok' }, message)).status).toBe(
      200,
    );
    const noVersion = await post('/v1/messages', { 'x-api-key': 'k' }, message);
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    });
  });
});

describe('timing and network faults', () => {
  it('honours retry-after on a 429 (well under the SDK default back-off of 2 s)', async () => {
    fake.script.fail({ status: 429, retryAfter: 0.2, protocol: 'anthropic' });
    const result = await ask('anthropic', { maxRetries: 1 });

    expect(result.text).toBe('Echo: Say hi');
    expect(fake.calls.map((c) => c.status)).toEqual([429, 200]);
    const gap = Date.parse(fake.calls[1]?.at ?? '') - Date.parse(fake.calls[0]?.at ?? '');
    expect(gap).toBeGreaterThanOrEqual(190);
    expect(gap).toBeLessThan(1500);
  });

  it('holds a slow answer past a client timeout, then answers the next call promptly', async () => {
    fake.script.delay(3000);
    // wall clock: an elapsed time
    const started = Date.now();
    const error = await caught(ask('openai-chat', { abortSignal: AbortSignal.timeout(100) }));

    // wall clock: an elapsed time
    expect(Date.now() - started).toBeLessThan(1000);
    expect((error as Error).name).toMatch(/TimeoutError|AbortError/);
    expect(fake.calls[0]?.status).toBeUndefined();
    expect((await ask('openai-chat')).text).toBe('Echo: Say hi');
  });

  it('delays an answer by the scripted time', async () => {
    fake.script.delay(150, { protocol: 'ollama' });
    // wall clock: an elapsed time
    const started = Date.now();
    await ask('ollama');
    // wall clock: an elapsed time
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('drops the socket: the SDK reports a retryable connection error without a status', async () => {
    fake.script.drop({ protocol: 'openai-responses' });
    const error = await caught(ask('openai-responses'));

    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBeUndefined();
    expect((error as APICallError).isRetryable).toBe(true);
    expect(fake.calls[0]?.status).toBeUndefined();
    expect((await ask('openai-responses')).text).toBe('Echo: Say hi');
  });
});

describe('scripting', () => {
  it('consumes replies in order, per protocol or for any protocol', async () => {
    fake.script.reply('for anthropic', { protocol: 'anthropic' }).reply('first').reply('second');
    expect((await ask('openai-chat')).text).toBe('first');
    expect((await ask('anthropic')).text).toBe('for anthropic');
    expect((await ask('ollama')).text).toBe('second');
    expect((await ask('ollama')).text).toBe('Echo: Say hi');
    expect(fake.script.pending().replies).toBe(0);
  });

  it('computes a reply from the recorded call', async () => {
    fake.script.reply((call) => `${call.protocol} saw ${call.messages.length} message(s)`, { times: 2 });
    expect((await ask('openai-responses')).text).toBe('openai-responses saw 1 message(s)');
    expect((await ask('anthropic')).text).toBe('anthropic saw 1 message(s)');
  });

  it('fails a given number of times, then recovers; reset() forgets everything', async () => {
    fake.script.fail({ status: 500, times: 2 });
    expect(((await caught(ask('openai-chat'))) as APICallError).statusCode).toBe(500);
    expect(((await caught(ask('anthropic'))) as APICallError).statusCode).toBe(500);
    expect((await ask('ollama')).text).toBe('Echo: Say hi');

    fake.script.fail({ status: 503, times: Number.POSITIVE_INFINITY }).reply('never');
    fake.reset();
    expect(fake.calls).toHaveLength(0);
    expect((await ask('openai-chat')).text).toBe('Echo: Say hi');
  });

  it('answers an overlong text of exactly the asked length, with matching usage', async () => {
    fake.script.overlong(1000);
    const result = await ask('anthropic');
    expect(result.text).toHaveLength(1000);
    expect(result.text.endsWith('.')).toBe(true);
    expect(result.usage.outputTokens).toBe(250);
    expect((await ask('anthropic')).text).toBe('Echo: Say hi');
  });
});
