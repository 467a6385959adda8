// Each LLM provider through the production factory against the fake LLM server over HTTP: prompts arrive
// as built, usage and cost are recorded per generation, failures map to llm_error / llm_not_configured.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { type ConfigInput, ConfigSchema } from '../../src/contracts/config/config.js';
import { createLlm } from '../../src/infra/llm/create-llm.js';
import { type AppDatabase, openDatabase } from '../../src/infra/sqlite/open-database.js';
import { LlmUsageRepository } from '../../src/infra/sqlite/repositories/llm-usage-repository.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';

let fake: FakeLlm;
let database: AppDatabase;
beforeAll(async () => {
  fake = await startFakeLlm();
});
beforeEach(() => {
  fake.reset();
  database = openDatabase({ path: ':memory:' });
});
afterAll(() => fake.close());

const usage = () =>
  new LlmUsageRepository(database, DEFAULT_ACCOUNT_ID, { now: () => new Date('2026-11-22T12:00:00Z') });
const llmFor = (llm: ConfigInput['llm']) => createLlm(ConfigSchema.parse({ llm }), usage());
const rows = () =>
  database.sqlite
    .prepare(
      'select generation_type, provider, model, input_tokens, output_tokens, cost_usd, success, error_code from llm_usage',
    )
    .all();
const REQUEST = {
  kind: 'tweet' as const,
  system: 'You are terse.',
  prompt: 'Write a post about tests',
  maxTokens: 150,
  temperature: 0.8,
};

describe('LLM providers against the fake', () => {
  it('openai: chat completions at the configured base URL, with the model default and usage recorded', async () => {
    fake.script.reply('Tests are documentation that runs.');
    const llm = llmFor({ provider: 'openai', api_key: 'sk-test-123', base_url: fake.openaiBaseUrl });
    const result = await llm.generate(REQUEST);
    expect(result).toMatchObject({
      text: 'Tests are documentation that runs.',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    expect(fake.calls[0]).toMatchObject({
      protocol: 'openai-chat',
      model: 'gpt-4o-mini',
      system: 'You are terse.',
      messages: [{ role: 'user', content: 'Write a post about tests' }],
      maxTokens: 150,
      temperature: 0.8,
      apiKey: 'sk-test-123',
    });
    expect(rows()).toEqual([
      expect.objectContaining({
        generation_type: 'tweet',
        provider: 'openai',
        model: 'gpt-4o-mini',
        success: 1,
        error_code: null,
      }),
    ]);
    const [row = { input_tokens: 0, output_tokens: 0, cost_usd: -1 }] = rows() as Array<{
      input_tokens: number;
      output_tokens: number;
      cost_usd: number;
    }>;
    expect(row.input_tokens).toBeGreaterThan(0);
    expect(row.cost_usd).toBeCloseTo((row.input_tokens * 0.15 + row.output_tokens * 0.6) / 1_000_000, 12);
  });

  it('anthropic: messages API with the key header and a chosen model', async () => {
    fake.script.reply('Short and true.');
    const llm = llmFor({
      provider: 'anthropic',
      api_key: 'sk-ant-1',
      model: 'claude-haiku-4-5',
      base_url: fake.anthropicBaseUrl,
    });
    expect((await llm.generate(REQUEST)).text).toBe('Short and true.');
    expect(fake.calls[0]).toMatchObject({
      protocol: 'anthropic',
      model: 'claude-haiku-4-5',
      system: 'You are terse.',
      maxTokens: 150,
      apiKey: 'sk-ant-1',
    });
  });

  it('ollama: OpenAI-compatible, no API key needed, free', async () => {
    fake.script.reply('Local and free.');
    const llm = llmFor({ provider: 'ollama', base_url: fake.ollamaBaseUrl });
    expect((await llm.generate(REQUEST)).text).toBe('Local and free.');
    expect(fake.calls[0]).toMatchObject({ protocol: 'ollama', model: 'llama3.1' });
    expect((rows()[0] as { cost_usd: number }).cost_usd).toBe(0);
  });

  it('maps failures: 500 → llm_error (retryable), 401 → llm_not_configured, slow → llm_error, and records them', async () => {
    const llm = llmFor({ provider: 'openai', api_key: 'sk-test', base_url: fake.openaiBaseUrl });
    fake.script.fail({ status: 500, times: 2 });
    await expect(llm.generate(REQUEST)).rejects.toMatchObject({
      code: 'llm_error',
      retryable: true,
      message: expect.stringContaining('HTTP 500'),
    });
    fake.script.acceptedKeys = ['another-key'];
    await expect(llm.generate(REQUEST)).rejects.toMatchObject({
      code: 'llm_not_configured',
      message: expect.stringContaining('rejected the API key'),
    });
    fake.script.acceptedKeys = undefined;
    const slow = llmFor({
      provider: 'openai',
      api_key: 'sk-test',
      base_url: fake.openaiBaseUrl,
      timeout_seconds: 1,
    });
    fake.script.delay(3000, { times: 3 });
    await expect(slow.generate(REQUEST)).rejects.toMatchObject({
      code: 'llm_error',
      message: expect.stringContaining('in time'),
    });
    expect((rows() as Array<{ success: number }>).map((r) => r.success)).toEqual([0, 0, 0]);
  }, 15_000);

  it('a 429 is retried once by the SDK and then succeeds', async () => {
    fake.script.fail({ status: 429, retryAfter: 0.05 });
    fake.script.reply('after the wait');
    const llm = llmFor({ provider: 'openai', api_key: 'sk-test', base_url: fake.openaiBaseUrl });
    expect((await llm.generate(REQUEST)).text).toBe('after the wait');
  });

  it('an incomplete [llm] section is llm_not_configured before any request', () => {
    expect(() => llmFor({})).toThrow(expect.objectContaining({ code: 'llm_not_configured' }));
    expect(() => llmFor({ provider: 'anthropic' })).toThrow(
      expect.objectContaining({ message: expect.stringContaining('llm.api_key') }),
    );
    expect(fake.calls).toHaveLength(0);
  });
});
