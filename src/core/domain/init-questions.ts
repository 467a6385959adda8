// The questions of the first run, as data: the 5 quickstart fields and the 8 steps of --advanced. `app init`
// asks them in a terminal, the dashboard's first-run wizard in a form (POST /api/setup/init).
import { LLM_PROVIDER_DEFAULTS, type LlmProvider } from '../../contracts/config/llm.js';

export type Answers = ReadonlyMap<string, unknown>;

export interface FieldQuestion {
  key: string;
  message: string;
  /** Required fields cannot be skipped; non-interactive runs fail (exit 2) when they are not given. */
  required?: boolean | ((answers: Answers) => boolean);
  /** Asked only when this holds. */
  when?: (answers: Answers) => boolean;
  /** Asked first; the field is skipped when the answer is no. */
  gate?: string;
  placeholder?: (answers: Answers) => string | undefined;
}

export interface WizardStep {
  title: string;
  fields: FieldQuestion[];
}

const notOllama = (answers: Answers) => answers.get('llm.provider') !== 'ollama';
const providerDefault = (field: 'model' | 'baseUrl') => (answers: Answers) => {
  const provider = answers.get('llm.provider') as LlmProvider | undefined;
  return provider ? `default: ${LLM_PROVIDER_DEFAULTS[provider][field]}` : undefined;
};

/** The spec's five quickstart fields, in the order they are asked. */
export const QUICKSTART: FieldQuestion[] = [
  { key: 'business.product_name', message: 'Product name', required: true },
  { key: 'business.product_keywords', message: 'Discovery keywords', required: true },
  { key: 'llm.provider', message: 'LLM provider', required: true },
  { key: 'llm.api_key', message: 'LLM API key', required: notOllama, when: notOllama },
  { key: 'social_api.client_id', message: 'Platform OAuth 2.0 client id', required: true },
];

export const ADVANCED_STEPS: WizardStep[] = [
  {
    title: 'Platform API credentials',
    fields: [
      { key: 'social_api.client_id', message: 'OAuth 2.0 client id', required: true },
      {
        key: 'social_api.client_secret',
        message: 'OAuth 2.0 client secret',
        gate: 'Do you have a client secret (confidential client)?',
      },
    ],
  },
  {
    title: 'Business profile',
    fields: [
      { key: 'business.product_name', message: 'Product name', required: true },
      { key: 'business.product_description', message: 'One-line description' },
      { key: 'business.product_url', message: 'Product URL (optional)' },
      { key: 'business.target_audience', message: 'Target audience' },
      { key: 'business.product_keywords', message: 'Discovery keywords', required: true },
      { key: 'business.industry_topics', message: 'Content topics (empty = your keywords)' },
    ],
  },
  {
    title: 'Brand voice',
    fields: [
      { key: 'business.brand_voice', message: 'Brand voice and personality (empty to skip)' },
      { key: 'business.reply_style', message: 'Reply style (empty to skip)' },
      { key: 'business.content_style', message: 'Content style (empty to skip)' },
    ],
  },
  {
    title: 'LLM provider',
    fields: [
      { key: 'llm.provider', message: 'LLM provider', required: true },
      { key: 'llm.api_key', message: 'API key', required: notOllama, when: notOllama },
      {
        key: 'llm.model',
        message: 'Model (empty = provider default)',
        placeholder: providerDefault('model'),
      },
      {
        key: 'llm.base_url',
        message: 'Endpoint URL (empty = provider default)',
        placeholder: providerDefault('baseUrl'),
      },
    ],
  },
  {
    title: 'Persona',
    fields: [
      { key: 'business.persona_opinions', message: 'Opinions you hold (optional)' },
      { key: 'business.persona_experiences', message: 'Experiences you can reference (optional)' },
      { key: 'business.content_pillars', message: 'Content pillars (optional)' },
    ],
  },
  {
    title: 'Target accounts',
    fields: [
      { key: 'targets.accounts', message: 'Accounts to monitor, without @ (optional)' },
      { key: 'business.competitor_keywords', message: 'Competitor keywords (optional)' },
    ],
  },
  {
    title: 'Approval mode',
    fields: [{ key: 'approval_mode', message: 'Queue every post for your review before it goes out?' }],
  },
  {
    title: 'Active hours',
    fields: [
      { key: 'schedule.timezone', message: 'Timezone (IANA name)' },
      { key: 'schedule.active_hours_start', message: 'Active from hour (0-23)' },
      { key: 'schedule.active_hours_end', message: 'Active until hour (0-23, exclusive)' },
      { key: 'schedule.active_days', message: 'Active days (Mon..Sun)' },
    ],
  },
];

export function isRequired(question: FieldQuestion, answers: Answers): boolean {
  return typeof question.required === 'function' ? question.required(answers) : Boolean(question.required);
}

/** The steps of a first run: the quickstart as one step, or the 8 of --advanced. */
export function initSteps(advanced: boolean): WizardStep[] {
  return advanced ? ADVANCED_STEPS : [{ title: 'Quickstart', fields: QUICKSTART }];
}
