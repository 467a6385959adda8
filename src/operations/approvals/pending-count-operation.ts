// The approval tools of the tool server alone; listing and reviewing are the HTTP operations' tool bindings
// (operations/approvals: list_pending_approvals, approve_item, reject_item, approve_all).
import { z } from 'zod';
import { type AnyOperation, defineOperation } from '../define-operation.js';
import { localTool } from '../tool-kit.js';

export const PENDING_COUNT_OPERATIONS: readonly AnyOperation[] = [
  defineOperation({
    name: 'get_pending_count',
    summary: 'How many items wait in the approval queue.',
    input: z.object({}),
    output: z.object({ pending_count: z.number().int() }),
    mutation: false,
    tool: localTool('get_pending_count', 'approval'),
    run: async (deps) => ({ pending_count: (await deps.content.approvals.stats()).pending }),
  }),
];
