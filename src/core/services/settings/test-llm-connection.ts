// The Settings page's "Test connection": one small generation with the configured LLM, or with the form's
// unsaved provider, model, endpoint or key laid over it; answers how long it took or the provider's error.
import type { Config } from '../../../contracts/config/config.js';
import { LLM_PROVIDER_DEFAULTS } from '../../../contracts/config/llm.js';
import type { TestLlmInput, TestLlmResult } from '../../../contracts/settings-forms.js';
import { AppError } from '../../errors.js';
import type { Llm } from '../../ports/llm.js';

export interface TestLlmDeps {
  /** The `[llm]` section in force now (its key unmasked). */
  current: Readonly<Config['llm']>;
  /** The production LLM factory over an `[llm]` section (throws llm_not_configured when incomplete). */
  connect(llm: Config['llm']): Llm;
  /** A monotonic clock in milliseconds, for the latency. */
  now(): number;
}

/** Sends the smallest request the LLM answers (a few output tokens); never throws for the provider's errors. */
export async function testLlmConnection(deps: TestLlmDeps, input: TestLlmInput): Promise<TestLlmResult> {
  const llm: Config['llm'] = {
    ...deps.current,
    ...(input.provider ? { provider: input.provider } : {}),
    ...(input.model ? { model: input.model } : {}),
    ...(input.base_url ? { base_url: input.base_url } : {}),
    ...(input.api_key ? { api_key: input.api_key } : {}),
  };
  const defaults = llm.provider ? LLM_PROVIDER_DEFAULTS[llm.provider] : undefined;
  const base = {
    provider: llm.provider ?? null,
    model: llm.model ?? defaults?.model ?? null,
    base_url: llm.base_url ?? defaults?.baseUrl ?? null,
  };
  const started = deps.now();
  try {
    const client = deps.connect(llm);
    await client.generate({
      kind: 'tweet',
      system: 'Reply with one word.',
      prompt: 'ping',
      maxTokens: 16,
      temperature: 0,
    });
    const latency = Math.max(0, Math.round(deps.now() - started));
    return {
      ...base,
      ok: true,
      latency_ms: latency,
      message: `${client.provider} answered in ${latency} ms (model ${client.model})`,
      code: null,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ...base, ok: false, latency_ms: null, message: error.message, code: error.code };
  }
}
