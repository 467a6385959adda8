// Operation approvals.stats: How many items are in each approval status.
import { ApprovalStatsSchema } from '../../contracts/approvals.js';
import { EmptyInput } from '../../contracts/no-input.js';

import { defineOperation } from '../define-operation.js';

export const approvalStatsOperation = defineOperation({
  name: 'approvals.stats',
  summary: 'How many items are in each approval status.',
  input: EmptyInput,
  output: ApprovalStatsSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/approval/stats' },
  run: (deps) => deps.content.approvals.stats(),
});
