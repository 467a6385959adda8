// Operation approvals.approve (HTTP and the tool approve_item): approve a pending item.
import { ReviewInput } from '../../contracts/approvals.js';
import { ApproveResultSchema } from '../../contracts/publishing.js';
import { approveItem } from '../../core/services/approvals/review-approval.js';
import { defineOperation } from '../define-operation.js';
import { localTool, PLATFORM_READ_ERRORS_WITH_DB } from '../tool-kit.js';

export const approveOperation = defineOperation({
  name: 'approvals.approve',
  summary:
    'Approve a pending item: a post is queued for posting (the safety rules run first; at its scheduled time, if any); a routed tool call runs now.',
  input: ReviewInput,
  output: ApproveResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/approval/{id}/approve' },
  tool: localTool('approve_item', 'approval', { errors: PLATFORM_READ_ERRORS_WITH_DB }),
  run: (deps, input, context) => approveItem(deps.content, { ...input, actor: context.actor }),
});
