// Operation approvals.edit: Edit a pending item's text, cards or media.
import { ApprovalItemSchema, EditApprovalInput } from '../../contracts/approvals.js';
import { editApproval } from '../../core/services/approvals/edit-approval.js';
import { defineOperation } from '../define-operation.js';

export const editApprovalOperation = defineOperation({
  name: 'approvals.edit',
  summary: "Edit a pending item's text, cards or media; the change is validated and kept in its history.",
  input: EditApprovalInput,
  output: ApprovalItemSchema,
  mutation: true,
  http: { method: 'PATCH', path: '/api/approval/{id}' },
  run: (deps, input, context) => editApproval(deps.content, { ...input, editor: context.actor }),
});
