// Every operation, in one list: the HTTP routes, the API docs, the tool server and its manifests derive
// from it.

import { accountProfileOperation } from './account/account-profile-operation.js';
import { addAccountOperation } from './accounts/add-account-operation.js';
import { listAccountsOperation } from './accounts/list-accounts-operation.js';
import { makeDefaultAccountOperation } from './accounts/make-default-account-operation.js';
import { removeAccountOperation } from './accounts/remove-account-operation.js';
import { updateAccountOperation } from './accounts/update-account-operation.js';
import { ANALYTICS_OPERATIONS } from './analytics/index.js';
import { postPricesOperation } from './analytics/post-prices-operation.js';
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
import { nextSlotOperation } from './calendar/next-slot-operation.js';
import { readCalendarOperation } from './calendar/read-calendar-operation.js';
import { composeOperation } from './compose/compose-operation.js';
import { driveStatusOperation } from './connectors/drive-status-operation.js';
import { linkDriveOperation } from './connectors/link-drive-operation.js';
import { unlinkDriveOperation } from './connectors/unlink-drive-operation.js';
import type { AnyOperation } from './define-operation.js';
import { discoveryFeedOperation } from './discovery/discovery-feed-operation.js';
import { discoveryKeywordsOperation } from './discovery/discovery-keywords-operation.js';
import { draftRepliesOperation } from './discovery/draft-replies-operation.js';
import { DISCOVERY_OPERATIONS } from './discovery/index.js';
import { queueRepliesOperation } from './discovery/queue-replies-operation.js';
import { scoreTweetOperation } from './discovery/score-tweet-operation.js';
import { archiveDraftOperation } from './drafts/archive-draft-operation.js';
import { createDraftOperation } from './drafts/create-draft-operation.js';
import { deleteDraftOperation } from './drafts/delete-draft-operation.js';
import { duplicateDraftOperation } from './drafts/duplicate-draft-operation.js';
import { getDraftOperation } from './drafts/get-draft-operation.js';
import { listDraftsOperation } from './drafts/list-drafts-operation.js';
import { listRevisionsOperation } from './drafts/list-revisions-operation.js';
import { listTagsOperation } from './drafts/list-tags-operation.js';
import { publishDraftOperation } from './drafts/publish-draft-operation.js';
import { queueDraftOperation } from './drafts/queue-draft-operation.js';
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
import { ENDPOINT_OPERATIONS } from './platform/endpoint-operations.js';
import { POST_PREVIEW_OPERATIONS } from './platform/post-preview-operations.js';
import { PLATFORM_READ_OPERATIONS } from './platform/read-operations.js';
import { UNIVERSAL_REQUEST_OPERATIONS } from './platform/universal-request-operations.js';
import { uploadMediaOperation } from './platform/upload-media-operation.js';
import { PLATFORM_WRITE_OPERATIONS } from './platform/write-operations.js';
import { getJobOperation } from './posting/get-job-operation.js';
import { rescheduleJobOperation } from './posting/reschedule-job-operation.js';
import { runtimeStatusOperation } from './runtime/runtime-status-operation.js';
import { getCapabilitiesOperation, healthCheckOperation } from './runtime/status-operations.js';
import { getConfigOperation, validateConfigOperation } from './settings/config-operations.js';
import { createBackupOperation } from './settings/create-backup-operation.js';
import { describeSettingsOperation } from './settings/describe-settings-operation.js';
import { getSettingsOperation } from './settings/get-settings-operation.js';
import { listBackupsOperation } from './settings/list-backups-operation.js';
import { listToolsOperation } from './settings/list-tools-operation.js';
import { patchSettingsOperation } from './settings/patch-settings-operation.js';
import { testLlmOperation } from './settings/test-llm-operation.js';

export const OPERATIONS: readonly AnyOperation[] = [
  composeOperation,
  createDraftOperation,
  listDraftsOperation,
  getDraftOperation,
  updateDraftOperation,
  deleteDraftOperation,
  publishDraftOperation,
  scheduleDraftOperation,
  queueDraftOperation,
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
  postPricesOperation,
  readCalendarOperation,
  nextSlotOperation,
  discoveryFeedOperation,
  discoveryKeywordsOperation,
  draftRepliesOperation,
  queueRepliesOperation,
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
  accountProfileOperation,
  listAccountsOperation,
  addAccountOperation,
  updateAccountOperation,
  makeDefaultAccountOperation,
  removeAccountOperation,
  describeSettingsOperation,
  listToolsOperation,
  testLlmOperation,
  listBackupsOperation,
  createBackupOperation,
  getConfigOperation,
  validateConfigOperation,
  getCapabilitiesOperation,
  healthCheckOperation,
  scoreTweetOperation,
  ...PLATFORM_READ_OPERATIONS,
  ...PLATFORM_WRITE_OPERATIONS,
  ...POST_PREVIEW_OPERATIONS,
  uploadMediaOperation,
  ...ENDPOINT_OPERATIONS,
  ...UNIVERSAL_REQUEST_OPERATIONS,
  ...ANALYTICS_OPERATIONS,
  ...DISCOVERY_OPERATIONS,
];
