// The Settings page's "Test connection": one small generation with the configured LLM, or with the form's
// unsaved provider, model, endpoint or key laid over it; answers how long it took or the provider's error.
// The stored key goes only to the endpoint it was stored with: another endpoint is tried with the key given
// in the request, or with none where the provider needs none.
import type { Config } from '../../../contracts/config/config.js';
import { LLM_PROVIDER_DEFAULTS } from '../../../contracts/config/llm.js';
import type { TestLlmInput, TestLlmResult } from '../../../contracts/settings-forms.js';
import { SECRET_BINDINGS } from '../../domain/secret-destinations.js';
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

const KEY = SECRET_BINDINGS.find((binding) => binding.secret === 'llm.api_key');
const destinations = (llm: Config['llm']) =>
  KEY?.destinations((key) => (llm as Record<string, unknown>)[key.slice('llm.'.length)]).join(' and ') ?? '';

/**
 * The LLM to try without the stored key when the request points it at another endpoint: an endpoint that
 * needs a key must be given one in the request (400), one that needs none (ollama) is tried without.
 */
function withoutStoredKeyElsewhere(current: Config['llm'], tried: Config['llm']): Config['llm'] {
  const stored = destinations(current);
  const asked = destinations(tried);
  if (!current.api_key || stored === asked) return tried;
  if (tried.provider !== 'ollama')
    throw new AppError(
      'validation_error',
      `api_key: the stored key is only ever sent to ${stored}; to test ${asked || 'another endpoint'}, give its key in the request`,
      { details: { issues: [{ key: 'api_key', message: `the stored key is only sent to ${stored}` }] } },
    );
  const { api_key: _stored, ...keyless } = tried;
  return keyless;
}

/** Sends the smallest request the LLM answers (a few output tokens); never throws for the provider's errors. */
export async function testLlmConnection(deps: TestLlmDeps, input: TestLlmInput): Promise<TestLlmResult> {
  const tried: Config['llm'] = {
    ...deps.current,
    ...(input.provider ? { provider: input.provider } : {}),
    ...(input.model ? { model: input.model } : {}),
    ...(input.base_url ? { base_url: input.base_url } : {}),
    ...(input.api_key ? { api_key: input.api_key } : {}),
  };
  const llm = input.api_key ? tried : withoutStoredKeyElsewhere(deps.current, tried);
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
