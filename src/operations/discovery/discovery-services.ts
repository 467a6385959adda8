// The discovery services' dependencies, taken from the app: the discovery stores, platform reads, scoring
// and keywords from the config (read at each call), the guards' counters, LLM generation and the approval
// queue.

import type { DiscoveryServiceDeps } from '../../core/services/discovery/discovery-service-deps.js';
import type { OperationDeps } from '../operation-deps.js';

export function discoveryServices(deps: OperationDeps): DiscoveryServiceDeps {
  const { config } = deps;
  return {
    ...deps.discovery,
    read: deps.social.read,
    clock: deps.clock,
    settings: () => ({
      scoring: config.scoring,
      keywords: [...new Set([...config.business.product_keywords, ...config.business.competitor_keywords])],
      targetAccounts: config.targets.accounts,
    }),
    guards: {
      posting: deps.content.posting,
      clock: deps.clock,
      guardSettings: deps.content.guardSettings,
    },
    // Unknown (no login yet) only skips the self-reply rule here; posting checks it again with a login.
    selfId: () => deps.meId(),
    assist: deps.assist,
    approvals: deps.content.approvals,
  };
}
