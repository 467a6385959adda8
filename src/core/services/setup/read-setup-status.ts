// What the first run still needs: the config file, the quickstart fields the effective config lacks, the
// LLM and the platform login. The dashboard sends a signed-in user to its first-run wizard from this.
import type { Config } from '../../../contracts/config/config.js';
import { LLM_PROVIDER_DEFAULTS, LLM_PROVIDERS } from '../../../contracts/config/llm.js';
import type { SetupQuestion, SetupStatus } from '../../../contracts/setup.js';
import { ADVANCED_STEPS, QUICKSTART } from '../../domain/init-questions.js';
import { findLeaf } from '../../domain/schema-walk.js';
import type { PlatformLink } from '../../ports/platform-link.js';
import type { SettingsStore } from '../../ports/settings-store.js';

export interface SetupStatusDeps {
  settings: SettingsStore;
  config(): Readonly<Config>;
  /** Why the LLM cannot be used, or undefined when `[llm]` is complete. */
  llmProblem(): string | undefined;
  platform: PlatformLink;
}

/** The quickstart fields (spec: "the only required fields for quickstart are 5") unset in `config`. */
export function missingQuickstart(config: Readonly<Config>): string[] {
  const { business, llm, social_api } = config;
  return [
    ...(business.product_name ? [] : ['business.product_name']),
    ...(business.product_keywords.length > 0 ? [] : ['business.product_keywords']),
    ...(llm.provider ? [] : ['llm.provider']),
    ...(llm.provider === 'ollama' || llm.api_key ? [] : ['llm.api_key']),
    ...(social_api.client_id ? [] : ['social_api.client_id']),
  ];
}

/** The first-run questions as data for a form: the quickstart's five, then the rest of the 8 steps. */
export function setupQuestions(): SetupQuestion[] {
  const quick = new Set(QUICKSTART.map((q) => q.key));
  const ordered = [
    ...QUICKSTART.map((question) => ({ question, step: 'Quickstart' })),
    ...ADVANCED_STEPS.flatMap((step) =>
      step.fields.filter((q) => !quick.has(q.key)).map((question) => ({ question, step: step.title })),
    ),
  ];
  return ordered.flatMap(({ question, step }) => {
    const leaf = findLeaf(question.key);
    if (!leaf) return [];
    return [
      {
        key: question.key,
        label: question.message,
        help: leaf.description,
        step,
        quickstart: quick.has(question.key),
        kind: leaf.kind,
        options: leaf.enumValues ? [...leaf.enumValues] : null,
        secret: leaf.meta.secret === true,
      },
    ];
  });
}

/** The setup status of this process (its live config, its config file, its saved login). */
export function readSetupStatus(deps: SetupStatusDeps): SetupStatus {
  const config = deps.config();
  const { provider, model } = config.llm;
  const problem = deps.llmProblem();
  return {
    config_exists: deps.settings.exists(),
    config_path: deps.settings.read().config_path,
    missing: missingQuickstart(config),
    llm: {
      configured: problem === undefined,
      provider: provider ?? null,
      model: model ?? (provider ? LLM_PROVIDER_DEFAULTS[provider].model : null),
      problem: problem ?? null,
    },
    platform: deps.platform.status(),
    questions: setupQuestions(),
    llm_providers: LLM_PROVIDERS.map((name) => ({
      provider: name,
      default_model: LLM_PROVIDER_DEFAULTS[name].model,
      default_base_url: LLM_PROVIDER_DEFAULTS[name].baseUrl,
      needs_api_key: name !== 'ollama',
    })),
  };
}
