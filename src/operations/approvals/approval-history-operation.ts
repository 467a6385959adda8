// Operation approvals.history: The edit history of an approval item.
import { ApprovalHistorySchema, ApprovalIdInput } from '../../contracts/approvals.js';
import { approvalHistory } from '../../core/services/approvals/edit-approval.js';

import { defineOperation } from '../define-operation.js';

export const approvalHistoryOperation = defineOperation({
  name: 'approvals.history',
  summary: 'The edit history of an approval item.',
  input: ApprovalIdInput,
  output: ApprovalHistorySchema,
  mutation: false,
  http: { method: 'GET', path: '/api/approval/{id}/history' },
  run: (deps, input) => approvalHistory(deps.content, input.id),
});
