// Discovery, context-intelligence and composite workflow tools (write and admin profiles); the feed and the
// reply drafting and queueing the dashboard shares are listed with the HTTP operations in the registry.
import type { AnyOperation } from '../define-operation.js';
import { findReplyOpportunitiesOperation } from './find-reply-opportunities-operation.js';
import { generateThreadPlanOperation } from './generate-thread-plan-operation.js';
import { getAuthorContextOperation } from './get-author-context-operation.js';
import { listTargetAccountsOperation } from './list-target-accounts-operation.js';
import { listUnrepliedTweetsOperation } from './list-unreplied-tweets-operation.js';
import { recommendEngagementActionOperation } from './recommend-engagement-action-operation.js';
import { topicPerformanceSnapshotOperation } from './topic-performance-snapshot-operation.js';

export const DISCOVERY_OPERATIONS: readonly AnyOperation[] = [
  listTargetAccountsOperation,
  listUnrepliedTweetsOperation,
  getAuthorContextOperation,
  recommendEngagementActionOperation,
  topicPerformanceSnapshotOperation,
  findReplyOpportunitiesOperation,
  generateThreadPlanOperation,
];
