// The AI assist services' dependencies: the LLM (built per call, so a changed [llm] section applies at
// once), the account's voice and keywords read from the live config at each call, vault and stats stores.
import type { Config } from '../../contracts/config/config.js';
import { effectiveApprovalMode } from '../../core/domain/config-rules.js';
import type { Clock } from '../../core/ports/clock.js';
import type { AssistDeps } from '../../core/services/assist/assist-deps.js';
import { createLlm } from '../../infra/llm/create-llm.js';
import type { Logger } from '../../infra/logging/create-logger.js';
import { AssistStatsRepository } from '../../infra/sqlite/repositories/assist-stats-repository.js';
import type { LlmUsageRepository } from '../../infra/sqlite/repositories/llm-usage-repository.js';
import { VaultRepository } from '../../infra/sqlite/repositories/vault-repository.js';
import type { Store } from '../../infra/storage/store.js';

export interface AssistDepsInput {
  config: () => Readonly<Config>;
  database: Store;
  accountId: string;
  clock: Clock;
  logger: Logger;
  llmUsage: LlmUsageRepository;
}

export function createAssistDeps(input: AssistDepsInput): AssistDeps {
  const { config, database, accountId, clock, logger, llmUsage } = input;
  const business = () => config().business;
  const topics = () => {
    const b = business();
    return b.industry_topics.length ? b.industry_topics : b.product_keywords;
  };
  return {
    llm: () => createLlm(config(), llmUsage),
    voice: () => {
      const b = business();
      return {
        productName: b.product_name ?? 'this product',
        productDescription: b.product_description,
        productUrl: b.product_url,
        audience: b.target_audience,
        brandVoice: b.brand_voice,
        replyStyle: b.reply_style,
        contentStyle: b.content_style,
        opinions: b.persona_opinions,
        experiences: b.persona_experiences,
        pillars: b.content_pillars.slice(0, 3),
      };
    },
    vault: {
      vault: new VaultRepository(database, accountId),
      clock,
      keywords: () => [...business().product_keywords, ...business().competitor_keywords, ...topics()],
      logger,
    },
    bannedPhrases: () => config().limits.banned_phrases,
    stats: new AssistStatsRepository(database, accountId),
    clock,
    settings: () => ({
      mode: config().mode,
      approvalMode: effectiveApprovalMode(config()),
      timezone: config().schedule.timezone,
      profileTopics: [...new Set([...business().content_pillars, ...topics()])],
    }),
  };
}
