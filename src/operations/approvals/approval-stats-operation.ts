// Operation approvals.stats: how many items are in each approval status (GET /api/approval/stats); the tool
// get_pending_count answers the pending one alone, in the shape the spec gives it.
import { z } from 'zod';
import { ApprovalStatsSchema } from '../../contracts/approvals.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { defineOperation } from '../define-operation.js';
import { localTool } from '../tool-kit.js';

export const approvalStatsOperation = defineOperation({
  name: 'approvals.stats',
  summary:
    'How many items are in the approval queue: per status for the dashboard, the pending count for agents.',
  input: EmptyInput,
  output: ApprovalStatsSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/approval/stats' },
  tool: {
    ...localTool('get_pending_count', 'approval'),
    answer: {
      schema: z.object({ pending_count: z.number().int() }),
      fromResult: (stats: z.infer<typeof ApprovalStatsSchema>) => ({ pending_count: stats.pending }),
    },
  },
  run: (deps) => deps.content.approvals.stats(),
});
