// [llm]: which language-model provider generates text, and how to reach it.
import { z } from 'zod';
import { HttpUrlSchema, NonEmptyTextSchema } from './common.js';

export const LLM_PROVIDERS = ['openai', 'anthropic', 'ollama'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** Used when `[llm] model` / `base_url` are left empty. */
export const LLM_PROVIDER_DEFAULTS: Record<LlmProvider, { model: string; baseUrl: string }> = {
  openai: { model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1' },
  anthropic: { model: 'claude-sonnet-4-5-20250514', baseUrl: 'https://api.anthropic.com/v1' },
  ollama: { model: 'llama3.1', baseUrl: 'http://localhost:11434/v1' },
};

export const LlmSchema = z.object({
  provider: z
    .enum(LLM_PROVIDERS)
    .optional()
    .describe('LLM provider: openai, anthropic or ollama. Required (quickstart field).'),
  api_key: NonEmptyTextSchema.optional()
    .describe('Provider API key. Required except for ollama (quickstart field).')
    .meta({ secret: true }),
  model: NonEmptyTextSchema.optional().describe(
    'Model name; unset means the provider default (gpt-4o-mini, claude-sonnet-4-5-20250514, llama3.1).',
  ),
  base_url: HttpUrlSchema.optional().describe(
    'Override the provider endpoint (e.g. an OpenAI-compatible server); unset means the provider default.',
  ),
  timeout_seconds: z.number().int().min(1).max(600).default(60).describe('Per-request timeout.'),
});
