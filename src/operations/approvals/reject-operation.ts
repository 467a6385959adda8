// Operation approvals.reject (HTTP and the tool reject_item): reject a pending item.
import { ApprovalItemSchema, ReviewInput } from '../../contracts/approvals.js';
import { rejectItem } from '../../core/services/approvals/review-approval.js';
import { defineOperation } from '../define-operation.js';
import { localTool } from '../tool-kit.js';

export const rejectOperation = defineOperation({
  name: 'approvals.reject',
  summary: 'Reject a pending item; a draft behind it goes back to Active with the note.',
  input: ReviewInput,
  output: ApprovalItemSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/approval/{id}/reject' },
  tool: localTool('reject_item', 'approval', { errors: ['db_error', 'not_found', 'validation_error'] }),
  run: (deps, input, context) => rejectItem(deps.content, { ...input, actor: context.actor }),
});
