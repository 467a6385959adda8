// Discovery, context-intelligence and composite workflow tools (write and admin profiles).
import type { AnyOperation } from '../../define-operation.js';
import { draftRepliesForCandidatesTool } from './draft-replies-for-candidates-tool.js';
import { findReplyOpportunitiesTool } from './find-reply-opportunities-tool.js';
import { generateThreadPlanTool } from './generate-thread-plan-tool.js';
import { getAuthorContextTool } from './get-author-context-tool.js';
import { getDiscoveryFeedTool } from './get-discovery-feed-tool.js';
import { listTargetAccountsTool } from './list-target-accounts-tool.js';
import { listUnrepliedTweetsTool } from './list-unreplied-tweets-tool.js';
import { proposeAndQueueRepliesTool } from './propose-and-queue-replies-tool.js';
import { recommendEngagementActionTool } from './recommend-engagement-action-tool.js';
import { topicPerformanceSnapshotTool } from './topic-performance-snapshot-tool.js';

export const DISCOVERY_TOOLS: readonly AnyOperation[] = [
  listTargetAccountsTool,
  listUnrepliedTweetsTool,
  getDiscoveryFeedTool,
  getAuthorContextTool,
  recommendEngagementActionTool,
  topicPerformanceSnapshotTool,
  findReplyOpportunitiesTool,
  draftRepliesForCandidatesTool,
  proposeAndQueueRepliesTool,
  generateThreadPlanTool,
];
