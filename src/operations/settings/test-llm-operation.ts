// Operation settings.test_llm: the Settings page's LLM "Test connection" (one small call, configured or unsaved values).
import { TestLlmInputSchema, TestLlmResultSchema } from '../../contracts/settings-forms.js';
import { testLlmConnection } from '../../core/services/settings/test-llm-connection.js';
import { defineOperation } from '../define-operation.js';

export const testLlmOperation = defineOperation({
  name: 'settings.test_llm',
  summary:
    'Makes one small generation with the configured LLM, or with the unsaved `provider`, `model`, `base_url` or `api_key` given here laid over it (nothing is saved); the stored key is only sent to the configured endpoint, so trying another endpoint needs its `api_key` in the request (400 otherwise; none for ollama), and answers `ok` with the latency, or the provider’s error in words (a rejected key, an endpoint that cannot be reached, an unknown model).',
  input: TestLlmInputSchema,
  output: TestLlmResultSchema,
  mutation: false,
  http: { method: 'POST', path: '/api/settings/test-llm' },
  run: async (deps, input) =>
    testLlmConnection(
      {
        current: deps.config.llm,
        // No usage recorder: a diagnostic call is not a generation the stats should count.
        connect: (llm) => deps.connectLlm(llm),
        now: () => performance.now(),
      },
      input,
    ),
});
