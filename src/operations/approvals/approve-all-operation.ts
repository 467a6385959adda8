// Operation approvals.approve_all (HTTP and the tool approve_all): approve pending items up to the batch cap.
import { ApproveAllInput } from '../../contracts/approvals.js';
import { ApproveAllResultSchema } from '../../contracts/publishing.js';
import { approveAll } from '../../core/services/approvals/review-approval.js';
import { defineOperation } from '../define-operation.js';
import { localTool, PLATFORM_READ_ERRORS_WITH_DB } from '../tool-kit.js';

export const approveAllOperation = defineOperation({
  name: 'approvals.approve_all',
  summary:
    'Approve pending items (all, or the given ids) up to max_batch_approve; each one passes the safety rules on its own, and those refused are listed with the reason.',
  input: ApproveAllInput,
  output: ApproveAllResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/approval/approve-all' },
  tool: localTool('approve_all', 'approval', { errors: PLATFORM_READ_ERRORS_WITH_DB }),
  run: (deps, input, context) => approveAll(deps.content, { ...input, actor: context.actor }),
});
