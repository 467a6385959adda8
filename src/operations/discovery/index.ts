// Discovery, context-intelligence and composite workflow tools (write and admin profiles).
import type { AnyOperation } from '../define-operation.js';
import { draftRepliesForCandidatesOperation } from './draft-replies-for-candidates-operation.js';
import { findReplyOpportunitiesOperation } from './find-reply-opportunities-operation.js';
import { generateThreadPlanOperation } from './generate-thread-plan-operation.js';
import { getAuthorContextOperation } from './get-author-context-operation.js';
import { getDiscoveryFeedOperation } from './get-discovery-feed-operation.js';
import { listTargetAccountsOperation } from './list-target-accounts-operation.js';
import { listUnrepliedTweetsOperation } from './list-unreplied-tweets-operation.js';
import { proposeAndQueueRepliesOperation } from './propose-and-queue-replies-operation.js';
import { recommendEngagementActionOperation } from './recommend-engagement-action-operation.js';
import { topicPerformanceSnapshotOperation } from './topic-performance-snapshot-operation.js';

export const DISCOVERY_OPERATIONS: readonly AnyOperation[] = [
  listTargetAccountsOperation,
  listUnrepliedTweetsOperation,
  getDiscoveryFeedOperation,
  getAuthorContextOperation,
  recommendEngagementActionOperation,
  topicPerformanceSnapshotOperation,
  findReplyOpportunitiesOperation,
  draftRepliesForCandidatesOperation,
  proposeAndQueueRepliesOperation,
  generateThreadPlanOperation,
];
