// Operation approvals.approve: Approve a pending item.
import { ReviewInput } from '../../contracts/approvals.js';
import { ApproveResultSchema } from '../../contracts/publishing.js';
import { approveItem } from '../../core/services/approvals/review-approval.js';
import { defineOperation } from '../define-operation.js';

export const approveOperation = defineOperation({
  name: 'approvals.approve',
  summary:
    'Approve a pending item: the posting guards run first, then it is queued for posting (at its scheduled time, if any).',
  input: ReviewInput,
  output: ApproveResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/approval/{id}/approve' },
  run: (deps, input, context) => approveItem(deps.content, { ...input, actor: context.actor }),
});
