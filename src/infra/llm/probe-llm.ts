// `app test`'s LLM probe: one tiny generation through the production factory, so a wrong base URL, key or
// model shows up now, with the provider's reason, instead of at the first draft.
import type { Config } from '../../contracts/config/config.js';
import { LLM_PROVIDER_DEFAULTS } from '../../contracts/config/llm.js';
import { createLlm } from './create-llm.js';

/** Sends the smallest request the configured LLM answers (a few output tokens); never throws. */
export async function probeLlm(config: Readonly<Config>): Promise<{ ok: boolean; message: string }> {
  const provider = config.llm.provider;
  const baseUrl =
    config.llm.base_url ?? (provider ? LLM_PROVIDER_DEFAULTS[provider].baseUrl : '(no provider)');
  const started = performance.now();
  try {
    const llm = createLlm(config);
    // No usage recorder: a diagnostic call is not a generation the user pays attention to in the stats.
    await llm.generate({
      kind: 'tweet',
      system: 'Reply with one word.',
      prompt: 'ping',
      maxTokens: 16,
      temperature: 0,
    });
    const ms = Math.round(performance.now() - started);
    return { ok: true, message: `${llm.provider} answered at ${baseUrl} (model ${llm.model}, ${ms} ms)` };
  } catch (error) {
    return { ok: false, message: `${(error as Error).message} (${baseUrl})` };
  }
}
