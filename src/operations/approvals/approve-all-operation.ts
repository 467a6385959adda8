// Operation approvals.approve_all: Approve pending items (all, or the given ids) up to max_batch_approve.
import { ApproveAllInput } from '../../contracts/approvals.js';
import { ApproveAllResultSchema } from '../../contracts/publishing.js';
import { approveAll } from '../../core/services/approvals/review-approval.js';
import { defineOperation } from '../define-operation.js';

export const approveAllOperation = defineOperation({
  name: 'approvals.approve_all',
  summary:
    'Approve pending items (all, or the given ids) up to max_batch_approve; each passes the guards on its own.',
  input: ApproveAllInput,
  output: ApproveAllResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/approval/approve-all' },
  run: (deps, input, context) => approveAll(deps.content, { ...input, actor: context.actor }),
});
