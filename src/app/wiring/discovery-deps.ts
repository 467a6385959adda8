// The stores behind the discovery, context and composite tools: discovered posts (the Discovery Feed),
// target accounts, the account's history with an author, and topic performance.
import type { Clock } from '../../core/ports/clock.js';
import type { DiscoveryStores } from '../../core/services/discovery/discovery-stores.js';
import { CursorRepository } from '../../infra/sqlite/repositories/cursor-repository.js';
import { DiscoveryRepository } from '../../infra/sqlite/repositories/discovery-repository.js';
import { EngagementHistoryRepository } from '../../infra/sqlite/repositories/engagement-history-repository.js';
import { TargetAccountRepository } from '../../infra/sqlite/repositories/target-account-repository.js';
import { TargetMonitoringRepository } from '../../infra/sqlite/repositories/target-monitoring-repository.js';
import { TopicPerformanceRepository } from '../../infra/sqlite/repositories/topic-performance-repository.js';
import type { Store } from '../../infra/storage/store.js';

export type DiscoveryDeps = DiscoveryStores;

export function createDiscoveryDeps(database: Store, accountId: string, _clock: Clock): DiscoveryDeps {
  return {
    discovered: new DiscoveryRepository(database, accountId),
    targets: new TargetAccountRepository(database, accountId),
    history: new EngagementHistoryRepository(database, accountId),
    topics: new TopicPerformanceRepository(database, accountId),
    cursors: new CursorRepository(database, accountId),
    targetMonitoring: new TargetMonitoringRepository(database, accountId),
  };
}
