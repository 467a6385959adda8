// Operation approvals.stats: How many items are in each approval status.
import { z } from 'zod';
import { APPROVAL_STATUSES } from '../../contracts/approvals.js';

const EmptyInput = z.object({});
const StatsSchema = z.record(z.enum(APPROVAL_STATUSES), z.number().int());

import { defineOperation } from '../define-operation.js';

export const approvalStatsOperation = defineOperation({
  name: 'approvals.stats',
  summary: 'How many items are in each approval status.',
  input: EmptyInput,
  output: StatsSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/approval/stats' },
  run: (deps) => deps.content.approvals.stats(),
});
