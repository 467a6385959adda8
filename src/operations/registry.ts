// Every operation, in one list: the HTTP routes, the API docs, the tool server and its manifests derive
// from it.

import { approvalHistoryOperation } from './approvals/approval-history-operation.js';
import { approvalStatsOperation } from './approvals/approval-stats-operation.js';
import { approveAllOperation } from './approvals/approve-all-operation.js';
import { approveOperation } from './approvals/approve-operation.js';
import { editApprovalOperation } from './approvals/edit-approval-operation.js';
import { getApprovalOperation } from './approvals/get-approval-operation.js';
import { listApprovalsOperation } from './approvals/list-approvals-operation.js';
import { rejectOperation } from './approvals/reject-operation.js';
import { assistImproveOperation } from './assist/assist-improve-operation.js';
import { assistModeOperation } from './assist/assist-mode-operation.js';
import { assistOptimalTimesOperation } from './assist/assist-optimal-times-operation.js';
import { assistReplyOperation } from './assist/assist-reply-operation.js';
import { assistThreadOperation } from './assist/assist-thread-operation.js';
import { assistTopicsOperation } from './assist/assist-topics-operation.js';
import { assistTweetOperation } from './assist/assist-tweet-operation.js';
import { readCalendarOperation } from './calendar/read-calendar-operation.js';
import { composeOperation } from './compose/compose-operation.js';
import { driveStatusOperation } from './connectors/drive-status-operation.js';
import { linkDriveOperation } from './connectors/link-drive-operation.js';
import { unlinkDriveOperation } from './connectors/unlink-drive-operation.js';
import type { AnyOperation } from './define-operation.js';
import { discoveryFeedOperation } from './discovery/discovery-feed-operation.js';
import { discoveryKeywordsOperation } from './discovery/discovery-keywords-operation.js';
import { composeFeedReplyOperation, queueFeedReplyOperation } from './discovery/feed-reply-operations.js';
import { archiveDraftOperation } from './drafts/archive-draft-operation.js';
import { createDraftOperation } from './drafts/create-draft-operation.js';
import { deleteDraftOperation } from './drafts/delete-draft-operation.js';
import { duplicateDraftOperation } from './drafts/duplicate-draft-operation.js';
import { getDraftOperation } from './drafts/get-draft-operation.js';
import { listDraftsOperation } from './drafts/list-drafts-operation.js';
import { listRevisionsOperation } from './drafts/list-revisions-operation.js';
import { listTagsOperation } from './drafts/list-tags-operation.js';
import { publishDraftOperation } from './drafts/publish-draft-operation.js';
import { restoreDraftOperation } from './drafts/restore-draft-operation.js';
import { restoreRevisionOperation } from './drafts/restore-revision-operation.js';
import { scheduleDraftOperation } from './drafts/schedule-draft-operation.js';
import { unscheduleDraftOperation } from './drafts/unschedule-draft-operation.js';
import { updateDraftOperation } from './drafts/update-draft-operation.js';
import { getNoteOperation } from './notes/get-note-operation.js';
import { ingestOperation } from './notes/ingest-operation.js';
import { listSourcesOperation } from './notes/list-sources-operation.js';
import { reindexSourceOperation } from './notes/reindex-source-operation.js';
import { searchNotesOperation } from './notes/search-notes-operation.js';
import { platformAuthStartOperation } from './onboarding/platform-auth-start-operation.js';
import { platformAuthStatusOperation } from './onboarding/platform-auth-status-operation.js';
import { setupInitOperation } from './onboarding/setup-init-operation.js';
import { setupStatusOperation } from './onboarding/setup-status-operation.js';
import { getJobOperation } from './posting/get-job-operation.js';
import { rescheduleJobOperation } from './posting/reschedule-job-operation.js';
import { runtimeStatusOperation } from './runtime/runtime-status-operation.js';
import { createBackupOperation } from './settings/create-backup-operation.js';
import { describeSettingsOperation } from './settings/describe-settings-operation.js';
import { getSettingsOperation } from './settings/get-settings-operation.js';
import { listBackupsOperation } from './settings/list-backups-operation.js';
import { listToolsOperation } from './settings/list-tools-operation.js';
import { patchSettingsOperation } from './settings/patch-settings-operation.js';
import { testLlmOperation } from './settings/test-llm-operation.js';
import { ANALYTICS_TOOLS } from './tools/analytics/index.js';
import { APPROVAL_TOOLS } from './tools/approvals/approval-tools.js';
import { DISCOVERY_TOOLS } from './tools/discovery/index.js';
import { ENDPOINT_TOOLS } from './tools/endpoints/index.js';
import { PLATFORM_READ_TOOLS } from './tools/reads/platform-read-tools.js';
import { UNIVERSAL_TOOLS } from './tools/universal/index.js';
import { getConfigTool, validateConfigTool } from './tools/utility/config-tools.js';
import { scoreTweetTool } from './tools/utility/score-tweet-tool.js';
import { getCapabilitiesTool, healthCheckTool } from './tools/utility/status-tools.js';
import { PLATFORM_MUTATION_TOOLS } from './tools/writes/platform-mutation-tools.js';
import { POST_PREVIEW_TOOLS } from './tools/writes/post-preview-tools.js';
import { uploadMediaTool } from './tools/writes/upload-media-tool.js';

export const OPERATIONS: readonly AnyOperation[] = [
  composeOperation,
  createDraftOperation,
  listDraftsOperation,
  getDraftOperation,
  updateDraftOperation,
  deleteDraftOperation,
  publishDraftOperation,
  scheduleDraftOperation,
  unscheduleDraftOperation,
  archiveDraftOperation,
  restoreDraftOperation,
  duplicateDraftOperation,
  listRevisionsOperation,
  restoreRevisionOperation,
  listTagsOperation,
  listApprovalsOperation,
  approvalStatsOperation,
  approveAllOperation,
  getApprovalOperation,
  approveOperation,
  rejectOperation,
  editApprovalOperation,
  approvalHistoryOperation,
  getJobOperation,
  rescheduleJobOperation,
  runtimeStatusOperation,
  readCalendarOperation,
  discoveryFeedOperation,
  discoveryKeywordsOperation,
  composeFeedReplyOperation,
  queueFeedReplyOperation,
  ingestOperation,
  listSourcesOperation,
  linkDriveOperation,
  driveStatusOperation,
  unlinkDriveOperation,
  reindexSourceOperation,
  searchNotesOperation,
  getNoteOperation,
  assistTweetOperation,
  assistReplyOperation,
  assistThreadOperation,
  assistImproveOperation,
  assistTopicsOperation,
  assistOptimalTimesOperation,
  assistModeOperation,
  getSettingsOperation,
  patchSettingsOperation,
  setupStatusOperation,
  setupInitOperation,
  platformAuthStartOperation,
  platformAuthStatusOperation,
  describeSettingsOperation,
  listToolsOperation,
  testLlmOperation,
  listBackupsOperation,
  createBackupOperation,
  getConfigTool,
  validateConfigTool,
  getCapabilitiesTool,
  healthCheckTool,
  scoreTweetTool,
  ...PLATFORM_READ_TOOLS,
  ...PLATFORM_MUTATION_TOOLS,
  ...POST_PREVIEW_TOOLS,
  uploadMediaTool,
  ...APPROVAL_TOOLS,
  ...ENDPOINT_TOOLS,
  ...UNIVERSAL_TOOLS,
  ...ANALYTICS_TOOLS,
  ...DISCOVERY_TOOLS,
];
