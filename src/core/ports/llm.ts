// The one language-model integration as the core sees it: a system prompt and a user message in, text and
// token usage out. Providers, retries and cost accounting live behind it.
import type { Prompt } from '../domain/prompts.js';

export const GENERATION_KINDS = ['reply', 'tweet', 'thread', 'improve', 'topics', 'seed'] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

/** A prompt built by the pure domain (core/domain/prompts.ts), tagged with what it generates. */
export interface LlmRequest extends Prompt {
  kind: GenerationKind;
  /** The caller's cancellation: aborts the request to the model (answered as `cancelled`). */
  signal?: AbortSignal;
}

export interface LlmResult {
  text: string;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Estimated from the model's price per million tokens; 0 for local models. */
  costUsd: number;
}

export interface Llm {
  readonly provider: string;
  readonly model: string;
  generate(request: LlmRequest): Promise<LlmResult>;
}
