// Operation approvals.list (HTTP and the tool list_pending_approvals): the approval queue by status.
import { ApprovalListSchema, ListApprovalsInput } from '../../contracts/approvals.js';
import { defineOperation } from '../define-operation.js';
import { localTool } from '../tool-kit.js';

export const listApprovalsOperation = defineOperation({
  name: 'approvals.list',
  summary: 'Approval queue items by status (default: those waiting for a person), oldest first.',
  input: ListApprovalsInput,
  output: ApprovalListSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/approval' },
  tool: localTool('list_pending_approvals', 'approval'),
  run: async (deps, input) => ({
    ...(await deps.content.approvals.list(input)),
    limit: input.limit,
    offset: input.offset,
  }),
});
