// The AI SDK and its providers, loaded on the first generation (create-llm.ts imports this lazily): they
// are about half of the code a process would otherwise compile at start, and most commands never call a model.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, type LanguageModel, RetryError } from 'ai';
import type { Config } from '../../contracts/config/config.js';
import { LLM_PROVIDER_DEFAULTS } from '../../contracts/config/llm.js';
import { AppError } from '../../core/errors.js';

export { generateText };

export function modelFor(llm: Config['llm']): LanguageModel {
  const provider = llm.provider as keyof typeof LLM_PROVIDER_DEFAULTS;
  const defaults = LLM_PROVIDER_DEFAULTS[provider];
  const model = llm.model ?? defaults.model;
  const baseURL = llm.base_url ?? defaults.baseUrl;
  switch (provider) {
    case 'openai':
      // Chat completions: the API every OpenAI-compatible server behind a custom base_url also speaks.
      return createOpenAI({ baseURL, apiKey: llm.api_key }).chat(model);
    case 'anthropic':
      return createAnthropic({ baseURL, apiKey: llm.api_key })(model);
    case 'ollama':
      return createOpenAICompatible({ name: 'ollama', baseURL, apiKey: llm.api_key })(model);
  }
}

export function mapError(error: unknown, provider: string): AppError {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === 401 || status === 403) {
      return new AppError(
        'llm_not_configured',
        `the ${provider} provider rejected the API key (HTTP ${status})`,
        { cause },
      );
    }
    const detail = (cause.responseBody ?? cause.message).replace(/\s+/g, ' ').slice(0, 200);
    // No status: nothing answered (wrong host or port, server down), which "answered HTTP ?" would hide.
    if (status === undefined)
      return new AppError('llm_error', `${provider} could not be reached: ${detail}`, { cause });
    return new AppError('llm_error', `${provider} answered HTTP ${status ?? '?'}: ${detail}`, { cause });
  }
  const name = (cause as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new AppError('llm_error', `${provider} did not answer in time`, { cause });
  return new AppError(
    'llm_error',
    `${provider} generation failed: ${(cause as Error)?.message ?? String(cause)}`,
    { cause },
  );
}
