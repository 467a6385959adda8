// The stores behind discovery, the context and composite tools and the discovery loops: discovered posts
// (the Discovery Feed), target accounts, the account's history with an author, topic performance, the loops'
// cursors and what target monitoring records.
import type { CursorStore } from '../../ports/cursor-store.js';
import type { DiscoveryStore, TargetAccountStore } from '../../ports/discovery-store.js';
import type { EngagementHistory } from '../../ports/engagement-history.js';
import type { TargetMonitoringStore } from '../../ports/target-monitoring-store.js';
import type { TopicPerformanceStore } from '../../ports/topic-performance.js';

export interface DiscoveryStores {
  /** Scored posts found by searches, mentions and target monitoring. */
  discovered: DiscoveryStore;
  targets: TargetAccountStore;
  history: EngagementHistory;
  topics: TopicPerformanceStore;
  /** Positions the loops keep across restarts (discovery keyword turn, mentions since-id). */
  cursors: CursorStore;
  /** What the target monitoring loop records per watched account, and its replies for the daily cap. */
  targetMonitoring: TargetMonitoringStore;
}
