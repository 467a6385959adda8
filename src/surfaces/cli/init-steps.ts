// The command-line flags of `app init` for the quickstart fields (the questions themselves are shared with
// the dashboard's first-run wizard: core/domain/init-questions.ts).
export {
  ADVANCED_STEPS,
  type Answers,
  type FieldQuestion,
  isRequired,
  QUICKSTART,
  type WizardStep,
} from '../../core/domain/init-questions.js';

/** Command-line flags of `app init` for the quickstart fields. */
export const INIT_FLAGS: Record<string, { flag: string; key: string }> = {
  productName: { flag: '--product-name', key: 'business.product_name' },
  productKeywords: { flag: '--product-keywords', key: 'business.product_keywords' },
  llmProvider: { flag: '--llm-provider', key: 'llm.provider' },
  llmApiKey: { flag: '--llm-api-key', key: 'llm.api_key' },
  clientId: { flag: '--client-id', key: 'social_api.client_id' },
};
