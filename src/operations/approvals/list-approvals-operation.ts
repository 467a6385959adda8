// Operation approvals.list: Approval queue items by status (default pending), oldest first.
import { z } from 'zod';
import { ApprovalItemSchema, ListApprovalsInput } from '../../contracts/approvals.js';

const ApprovalListSchema = z.object({
  items: z.array(ApprovalItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

import { defineOperation } from '../define-operation.js';

export const listApprovalsOperation = defineOperation({
  name: 'approvals.list',
  summary: 'Approval queue items by status (default pending), oldest first.',
  input: ListApprovalsInput,
  output: ApprovalListSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/approval' },
  run: (deps, input) =>
    deps.content.approvals.list(input).then((r) => ({ ...r, limit: input.limit, offset: input.offset })),
});
