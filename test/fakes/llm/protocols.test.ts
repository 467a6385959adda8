// The fake through the real AI SDK, once per protocol: text, usage, the recorded prompt, streaming with the
// same usage, multi-turn prompts normalised to one shape, and answers cut at max tokens.
import { generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './server.js';
import { MODEL_IDS, modelsFor } from './test-helpers.js';
import { estimateTokens } from './text.js';
import { PROTOCOLS, type Protocol } from './types.js';

let fake: FakeLlm;
let models: Record<Protocol, ReturnType<typeof modelsFor>[Protocol]>;

beforeAll(async () => {
  fake = await startFakeLlm();
  models = modelsFor(fake);
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const SYSTEM = 'You write short posts for one account.';
const PROMPT = 'Draft a post about the new release, under 200 characters.';

describe.each(PROTOCOLS)('%s', (protocol) => {
  it('answers a scripted text with usage and records the exact prompt', async () => {
    fake.script.reply('Release 2.0 is out: faster drafts, calmer queues.');
    const result = await generateText({
      model: models[protocol],
      system: SYSTEM,
      prompt: PROMPT,
      maxOutputTokens: 300,
      temperature: 0.3,
      maxRetries: 0,
    });

    expect(result.text).toBe('Release 2.0 is out: faster drafts, calmer queues.');
    expect(result.finishReason).toBe('stop');
    const inputTokens = Math.ceil((SYSTEM.length + PROMPT.length) / 4);
    const outputTokens = estimateTokens(result.text);
    expect(result.usage.inputTokens).toBe(inputTokens);
    expect(result.usage.outputTokens).toBe(outputTokens);
    expect(result.usage.totalTokens).toBe(inputTokens + outputTokens);

    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      protocol,
      model: MODEL_IDS[protocol],
      system: SYSTEM,
      messages: [{ role: 'user', content: PROMPT }],
      maxTokens: 300,
      temperature: 0.3,
      stream: false,
      status: 200,
    });
  });

  it('streams the same text and usage as the whole answer', async () => {
    const text = 'A longer answer, so that the stream is cut into several word-sized pieces along the way.';
    fake.script.reply(text, { times: 2 });
    const whole = await generateText({
      model: models[protocol],
      system: SYSTEM,
      prompt: PROMPT,
      maxRetries: 0,
    });
    const streamed = streamText({ model: models[protocol], system: SYSTEM, prompt: PROMPT, maxRetries: 0 });
    const deltas: string[] = [];
    for await (const delta of streamed.textStream) deltas.push(delta);

    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe(text);
    expect(await streamed.text).toBe(whole.text);
    expect(await streamed.finishReason).toBe('stop');
    const usage = await streamed.usage;
    expect(usage.inputTokens).toBe(whole.usage.inputTokens);
    expect(usage.outputTokens).toBe(whole.usage.outputTokens);
    expect(fake.calls.map((c) => c.stream)).toEqual([false, true]);
    expect(fake.calls[1]).toMatchObject({ system: SYSTEM, messages: [{ role: 'user', content: PROMPT }] });
  });

  it('echoes the last user message when nothing is scripted, and records a whole conversation', async () => {
    const last = 'Another one, about coffee and the morning routine of busy people everywhere.';
    const result = await generateText({
      model: models[protocol],
      system: SYSTEM,
      messages: [
        { role: 'user', content: 'First idea?' },
        { role: 'assistant', content: 'Tea.' },
        { role: 'user', content: last },
      ],
      maxRetries: 0,
    });

    expect(result.text).toBe(`Echo: ${last.slice(0, 60)}`);
    expect(fake.calls[0]?.system).toBe(SYSTEM);
    expect(fake.calls[0]?.messages).toEqual([
      { role: 'user', content: 'First idea?' },
      { role: 'assistant', content: 'Tea.' },
      { role: 'user', content: last },
    ]);
  });

  it('cuts an answer at max tokens and reports finish reason length', async () => {
    fake.script.overlong(400);
    const whole = await generateText({
      model: models[protocol],
      prompt: PROMPT,
      maxOutputTokens: 10,
      maxRetries: 0,
    });
    expect(whole.text).toHaveLength(40);
    expect(whole.finishReason).toBe('length');
    expect(whole.usage.outputTokens).toBe(10);

    fake.script.overlong(400);
    const streamed = streamText({
      model: models[protocol],
      prompt: PROMPT,
      maxOutputTokens: 10,
      maxRetries: 0,
    });
    expect(await streamed.text).toBe(whole.text);
    expect(await streamed.finishReason).toBe('length');
  });
});
