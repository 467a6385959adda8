// Builds the configured LLM (openai, anthropic, or ollama through its OpenAI-compatible API) on the AI SDK,
// with the timeout, error mapping (llm_error / llm_not_configured) and per-generation usage recording.
import type { LanguageModel } from 'ai';
import type { Config } from '../../contracts/config/config.js';
import { LLM_PROVIDER_DEFAULTS } from '../../contracts/config/llm.js';
import { AppError } from '../../core/errors.js';
import type { Llm, LlmRequest, LlmResult } from '../../core/ports/llm.js';
import { cancelledError } from '../../core/ports/run-control.js';
import type * as AiSdkModule from './ai-sdk.js';
import { estimateCostUsd } from './model-prices.js';

type AiSdk = typeof AiSdkModule;

export interface LlmUsageRecord {
  generation_type: string;
  provider: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
  latency_ms: number;
  success: boolean;
  error_code?: string;
}

export interface LlmUsageRecorder {
  record(entry: LlmUsageRecord): Promise<void>;
}

/** Why the configured LLM cannot be used, or undefined when it can. */
export function llmConfigProblem(llm: Config['llm']): AppError | undefined {
  if (!llm.provider) return new AppError('llm_not_configured', 'no LLM provider is set (llm.provider)');
  if (llm.provider !== 'ollama' && !llm.api_key) {
    return new AppError(
      'llm_not_configured',
      `the ${llm.provider} provider needs llm.api_key (or APP_LLM__API_KEY)`,
    );
  }
  return undefined;
}

/** The LLM from `[llm]`; throws llm_not_configured when the section is incomplete. */
export function createLlm(config: Readonly<Config>, usage?: LlmUsageRecorder): Llm {
  const problem = llmConfigProblem(config.llm);
  if (problem) throw problem;
  const provider = config.llm.provider as string;
  const modelName =
    config.llm.model ?? LLM_PROVIDER_DEFAULTS[provider as keyof typeof LLM_PROVIDER_DEFAULTS].model;
  // The SDK is imported on the first generation, and the model built once.
  let sdk: AiSdk | undefined;
  let loaded: Promise<{ sdk: AiSdk; model: LanguageModel }> | undefined;
  const load = () => {
    loaded ??= import('./ai-sdk.js').then((module) => {
      sdk = module;
      return { sdk: module, model: module.modelFor(config.llm) };
    });
    return loaded;
  };
  const timeoutMs = config.llm.timeout_seconds * 1000;
  return {
    provider,
    model: modelName,
    async generate(request: LlmRequest): Promise<LlmResult> {
      const started = performance.now();
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const { sdk, model } = await load();
        const result = await sdk.generateText({
          model,
          system: request.system,
          prompt: request.prompt,
          maxOutputTokens: request.maxTokens,
          temperature: request.temperature,
          maxRetries: 1,
          // The caller's cancel aborts the HTTP request to the model, not only our wait for it.
          abortSignal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
        });
        const inputTokens = result.usage.inputTokens ?? 0;
        const outputTokens = result.usage.outputTokens ?? 0;
        const costUsd = estimateCostUsd(provider, modelName, inputTokens, outputTokens);
        await usage?.record({
          generation_type: request.kind,
          provider,
          model: modelName,
          input_tokens: inputTokens,
          output_tokens: outputTokens,
          cost_usd: costUsd,
          latency_ms: Math.round(performance.now() - started),
          success: true,
        });
        return { text: result.text, provider, model: modelName, inputTokens, outputTokens, costUsd };
      } catch (error) {
        const mapped = request.signal?.aborted
          ? cancelledError(
              `${request.kind} generation cancelled by the caller; the model request was aborted`,
            )
          : sdk
            ? sdk.mapError(error, provider)
            : new AppError('llm_error', `${provider}: the model client could not be loaded`, {
                cause: error,
              });
        await usage?.record({
          generation_type: request.kind,
          provider,
          model: modelName,
          input_tokens: 0,
          output_tokens: 0,
          cost_usd: 0,
          latency_ms: Math.round(performance.now() - started),
          success: false,
          error_code: mapped.code,
        });
        throw mapped;
      }
    },
  };
}
