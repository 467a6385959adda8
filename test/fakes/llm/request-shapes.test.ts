// Request shapes beyond the AI SDK's defaults, sent raw: developer-role system text and part arrays (reasoning
// models), Responses `instructions` with a plain string `input`, Anthropic string `system` and content blocks,
// and the answer bodies' own shapes; plus validation errors in each protocol's shape.

import { createOpenAI } from '@ai-sdk/openai';
import { generateText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './server.js';

let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('OpenAI chat completions', () => {
  it('normalises developer messages, part arrays and max_completion_tokens; answers a real-shaped body', async () => {
    const { status, body } = await post('/v1/chat/completions', {
      model: 'o4-mini',
      max_completion_tokens: 64,
      messages: [
        { role: 'developer', content: 'Rule one.' },
        { role: 'system', content: [{ type: 'text', text: 'Rule two.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look:' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } },
          ],
        },
      ],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'o4-mini',
      choices: [
        { index: 0, message: { role: 'assistant', content: 'Echo: Look:\n[image]' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 9, completion_tokens: 5, total_tokens: 14 },
    });
    expect(body.id).toMatch(/^chatcmpl-/);
    expect(fake.calls[0]).toMatchObject({
      system: 'Rule one.\n\nRule two.',
      messages: [{ role: 'user', content: 'Look:\n[image]' }],
      maxTokens: 64,
    });
  });

  it('records the developer role a reasoning model gets from the SDK as the system text', async () => {
    const openai = createOpenAI({ baseURL: `${fake.url}/v1`, apiKey: 'k' });
    const model = openai.chat('gpt-5-mini');
    await generateText({ model, system: 'Sys.', prompt: 'Go', maxOutputTokens: 50, maxRetries: 0 });
    // Reasoning models get `developer` instead of `system`, and max_completion_tokens instead of max_tokens.
    expect(fake.calls[0]?.body).toEqual({
      model: 'gpt-5-mini',
      max_completion_tokens: 50,
      messages: [
        { role: 'developer', content: 'Sys.' },
        { role: 'user', content: 'Go' },
      ],
    });
    expect(fake.calls[0]).toMatchObject({
      system: 'Sys.',
      messages: [{ role: 'user', content: 'Go' }],
      maxTokens: 50,
    });
  });

  it('answers 400 in the OpenAI shape for a body without a model', async () => {
    const { status, body } = await post('/v1/chat/completions', {
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        message: 'model: you must provide a model parameter',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  });
});

describe('OpenAI Responses', () => {
  it('joins instructions and system input, takes a plain string input, answers a real-shaped body', async () => {
    const { body } = await post('/v1/responses', {
      model: 'gpt-4o-mini',
      instructions: 'Be terse.',
      input: 'Hello there',
      max_output_tokens: 100,
    });
    expect(body).toMatchObject({
      object: 'response',
      status: 'completed',
      output: [
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Echo: Hello there', annotations: [] }],
        },
      ],
      usage: { input_tokens: 5, output_tokens: 5, total_tokens: 10 },
    });
    expect(fake.calls[0]).toMatchObject({
      system: 'Be terse.',
      messages: [{ role: 'user', content: 'Hello there' }],
      maxTokens: 100,
    });

    await post('/v1/responses', {
      model: 'gpt-4o-mini',
      instructions: 'Be terse.',
      input: [
        { role: 'system', content: 'Extra.' },
        { type: 'item_reference', id: 'msg_earlier' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
      ],
    });
    expect(fake.calls[1]).toMatchObject({
      system: 'Be terse.\n\nExtra.',
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });
});

describe('Anthropic Messages', () => {
  it('takes a string system and string or block content; validates max_tokens', async () => {
    const headers = { 'anthropic-version': '2023-06-01', 'x-api-key': 'k' };
    const { body } = await post(
      '/v1/messages',
      {
        model: 'claude-haiku-4-5',
        max_tokens: 50,
        system: 'Sys.',
        messages: [
          { role: 'user', content: 'One' },
          { role: 'assistant', content: [{ type: 'text', text: 'Two' }] },
          { role: 'user', content: [{ type: 'text', text: 'Three' }] },
        ],
      },
      headers,
    );
    expect(body).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Echo: Three' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 4, output_tokens: 3 },
    });
    expect(fake.calls[0]?.messages.map((m) => m.content)).toEqual(['One', 'Two', 'Three']);

    const missing = await post(
      '/v1/messages',
      { model: 'm', messages: [{ role: 'user', content: 'x' }] },
      headers,
    );
    expect(missing).toEqual({
      status: 400,
      body: {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
      },
    });
  });
});
