// Shared setup of the discovery tool tests: a config with keywords, targets and the fake LLM, fresh
// on-topic posts in the fake platform, and the pending approval items.
import type { ConfigInput } from '../../src/contracts/config/config.js';
import type { FakeSocial } from '../../src/infra/sandbox/social/index.js';
import type { McpHarness } from '../support/mcp-harness.js';

export function discoveryConfig(llmBaseUrl: string, extra: ConfigInput = {}): ConfigInput {
  return {
    business: {
      product_name: 'Queuebird',
      product_keywords: ['sqlite', 'typescript'],
      competitor_keywords: ['job queue'],
    },
    targets: { accounts: ['rust_rob', '@Sam_Codes'] },
    llm: { provider: 'openai', api_key: 'k', base_url: llmBaseUrl },
    ...extra,
  };
}

/** Fresh, on-topic posts by accounts of the fake's demo world (minutes ago, so recency scores). */
export function seedFreshPosts(harness: { fake: FakeSocial }): {
  rob: string;
  maria: string;
  rob2: string;
  offTopic: string;
} {
  const [rob, maria, rob2, offTopic] = harness.fake.state.seed({
    tweets: [
      {
        author_username: 'rust_rob',
        text: 'Anyone running a job queue on SQLite with TypeScript?',
        minutes_ago: 3,
      },
      {
        author_username: 'ml_maria',
        text: 'SQLite is underrated for small TypeScript services.',
        minutes_ago: 4,
      },
      {
        author_username: 'rust_rob',
        text: 'Follow-up: TypeScript workers polling SQLite every second.',
        minutes_ago: 2,
      },
      { author_username: 'design_dan', text: 'Kerning is a state of mind.', minutes_ago: 1 },
    ],
  }).tweets;
  return { rob: rob ?? '', maria: maria ?? '', rob2: rob2 ?? '', offTopic: offTopic ?? '' };
}

export const pending = async (harness: McpHarness) =>
  (await harness.app.deps.content.approvals.list({ status: ['pending'], limit: 100, offset: 0 })).items;
