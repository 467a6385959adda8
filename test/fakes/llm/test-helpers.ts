// Helpers for the fake LLM's own tests: the four AI SDK models pointed at one fake, and a way to catch the
// error an SDK call throws so tests can assert on APICallError fields.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { FakeLlm } from './server.js';
import type { Protocol } from './types.js';

export const OPENAI_KEY = 'sk-test-openai';
export const ANTHROPIC_KEY = 'sk-ant-test';

/** One model per protocol, each built the way production code builds it. */
export function modelsFor(fake: FakeLlm, keys = { openai: OPENAI_KEY, anthropic: ANTHROPIC_KEY }) {
  const openai = createOpenAI({ baseURL: `${fake.url}/v1`, apiKey: keys.openai });
  const anthropic = createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: keys.anthropic });
  // includeUsage: without it the compatible provider sends no stream_options and streams carry no usage.
  const ollama = createOpenAICompatible({
    name: 'ollama',
    baseURL: `${fake.url}/ollama/v1`,
    includeUsage: true,
  });
  const models: Record<Protocol, LanguageModel> = {
    'openai-chat': openai.chat('gpt-4o-mini'),
    'openai-responses': openai('gpt-4o-mini'),
    anthropic: anthropic('claude-haiku-4-5'),
    ollama: ollama('llama3.2'),
  };
  return models;
}

export const MODEL_IDS: Record<Protocol, string> = {
  'openai-chat': 'gpt-4o-mini',
  'openai-responses': 'gpt-4o-mini',
  anthropic: 'claude-haiku-4-5',
  ollama: 'llama3.2',
};

/** The rejection of `promise` (fails the test when it resolves). */
export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
