// Operation approvals.reject: Reject a pending item.
import { ApprovalItemSchema, ReviewInput } from '../../contracts/approvals.js';
import { rejectItem } from '../../core/services/approvals/review-approval.js';
import { defineOperation } from '../define-operation.js';

export const rejectOperation = defineOperation({
  name: 'approvals.reject',
  summary: 'Reject a pending item; its draft returns to Active with the note.',
  input: ReviewInput,
  output: ApprovalItemSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/approval/{id}/reject' },
  run: (deps, input, context) => rejectItem(deps.content, { ...input, actor: context.actor }),
});
