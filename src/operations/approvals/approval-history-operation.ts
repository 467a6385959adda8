// Operation approvals.history: The edit history of an approval item.
import { z } from 'zod';
import { ApprovalEditSchema } from '../../contracts/approvals.js';
import { approvalHistory } from '../../core/services/approvals/edit-approval.js';

const IdInput = z.object({ id: z.number().int().positive() });
const HistorySchema = z.object({ items: z.array(ApprovalEditSchema) });

import { defineOperation } from '../define-operation.js';

export const approvalHistoryOperation = defineOperation({
  name: 'approvals.history',
  summary: 'The edit history of an approval item.',
  input: IdInput,
  output: HistorySchema,
  mutation: false,
  http: { method: 'GET', path: '/api/approval/{id}/history' },
  run: (deps, input) => approvalHistory(deps.content, input.id),
});
