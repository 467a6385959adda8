// What the discovery, context and composite services need: the discovery stores, platform reads, the
// scoring settings and keywords, the safety guards' counters, LLM generation and the approval queue. Each
// service takes the part it uses (Pick<...>).
import type { ScoringSettings } from '../../domain/scoring.js';
import type { GuardDeps } from '../../gateway/guards.js';
import type { ApprovalStore } from '../../ports/approval-store.js';
import type { Clock } from '../../ports/clock.js';
import type { DiscoveryStore, TargetAccountStore } from '../../ports/discovery-store.js';
import type { EngagementHistory } from '../../ports/engagement-history.js';
import type { SocialRead } from '../../ports/social.js';
import type { TopicPerformanceStore } from '../../ports/topic-performance.js';
import type { AssistDeps } from '../assist/assist-deps.js';

/** Read at every call, so a config change applies without a restart. */
export interface DiscoverySettings {
  scoring: ScoringSettings;
  /** Keywords posts are scored against and the default search is built from (product + competitor). */
  keywords: readonly string[];
  /** `[targets].accounts`: handles without @. */
  targetAccounts: readonly string[];
}

export interface DiscoveryServiceDeps {
  discovered: DiscoveryStore;
  targets: TargetAccountStore;
  history: EngagementHistory;
  topics: TopicPerformanceStore;
  read: SocialRead;
  clock: Clock;
  settings: () => DiscoverySettings;
  /** The guards' counters and settings (the same ones posting uses). */
  guards: GuardDeps;
  /** The signed-in account's id for the self-reply rule; undefined when it cannot be known. */
  selfId: () => Promise<string | undefined>;
  assist: AssistDeps;
  approvals: ApprovalStore;
}
