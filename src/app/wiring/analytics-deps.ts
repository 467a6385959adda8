// The stores behind the analytics, telemetry and policy tools: read-only views over posts, metrics,
// followers, the action log, API/LLM usage, tool telemetry, the mutation audit log and the policy counters.
import type { AnalyticsStores } from '../../core/ports/analytics-stores.js';
import type { Clock } from '../../core/ports/clock.js';
import { ActivityRepository } from '../../infra/sqlite/repositories/activity-repository.js';
import { MutationAuditRepository } from '../../infra/sqlite/repositories/mutation-audit-reader.js';
import { MutationRepository } from '../../infra/sqlite/repositories/mutation-repository.js';
import { TelemetryStatsRepository } from '../../infra/sqlite/repositories/telemetry-stats-repository.js';
import { UsageStatsRepository } from '../../infra/sqlite/repositories/usage-stats-repository.js';
import type { Store } from '../../infra/storage/store.js';

export type AnalyticsDeps = AnalyticsStores;

export function createAnalyticsDeps(database: Store, accountId: string, clock: Clock): AnalyticsDeps {
  return {
    activity: new ActivityRepository(database, accountId),
    usage: new UsageStatsRepository(database, accountId),
    telemetry: new TelemetryStatsRepository(database, accountId),
    audit: new MutationAuditRepository(database, accountId),
    // The same sliding-window counters the gateway counts against (rate_events), read, never written.
    counters: new MutationRepository(database, accountId),
    clock,
  };
}
