// The approval tools: what waits for a person, and the reviews themselves. Approving runs the same path as
// the dashboard (guards first; content is queued for posting, a routed tool call runs at once).
import { z } from 'zod';
import { ApprovalItemSchema } from '../../../contracts/approvals.js';
import { approveAll, approveItem, rejectItem } from '../../../core/services/approvals/review-approval.js';
import { type AnyOperation, defineOperation } from '../../define-operation.js';
import { localTool, PLATFORM_READ_ERRORS_WITH_DB } from '../tool-kit.js';

const Id = z.number().int().positive().describe('Approval queue id.');

export const APPROVAL_TOOLS: readonly AnyOperation[] = [
  defineOperation({
    name: 'list_pending_approvals',
    summary: 'Items waiting for a person in the approval queue, oldest first.',
    input: z.object({ limit: z.number().int().min(1).max(200).default(50).describe('At most this many.') }),
    output: z.array(ApprovalItemSchema),
    mutation: false,
    tool: localTool('list_pending_approvals', 'approval'),
    run: async (deps, input) =>
      (await deps.content.approvals.list({ status: ['pending'], limit: input.limit, offset: 0 })).items,
  }),
  defineOperation({
    name: 'get_pending_count',
    summary: 'How many items wait in the approval queue.',
    input: z.object({}),
    output: z.object({ pending_count: z.number().int() }),
    mutation: false,
    tool: localTool('get_pending_count', 'approval'),
    run: async (deps) => ({ pending_count: (await deps.content.approvals.stats()).pending }),
  }),
  defineOperation({
    name: 'approve_item',
    summary:
      'Approve a pending item: posts are queued for posting (the safety rules run first); a routed tool call runs now.',
    input: z.object({ id: Id, notes: z.string().max(2000).optional() }),
    output: z.object({
      status: z.literal('approved'),
      id: z.number().int(),
      job_id: z.number().int().nullable(),
      result: z.unknown().optional(),
    }),
    mutation: true,
    tool: localTool('approve_item', 'approval', { errors: PLATFORM_READ_ERRORS_WITH_DB }),
    run: async (deps, input, context) => {
      const done = await approveItem(deps.content, {
        id: input.id,
        actor: context.actor,
        notes: input.notes,
      });
      return { status: 'approved' as const, id: input.id, job_id: done.job_id, result: done.result };
    },
  }),
  defineOperation({
    name: 'reject_item',
    summary: 'Reject a pending item; a draft behind it goes back to Active with the note.',
    input: z.object({ id: Id, notes: z.string().max(2000).optional() }),
    output: z.object({ status: z.literal('rejected'), id: z.number().int() }),
    mutation: true,
    tool: localTool('reject_item', 'approval', { errors: ['db_error', 'not_found', 'validation_error'] }),
    run: async (deps, input, context) => {
      await rejectItem(deps.content, { id: input.id, actor: context.actor, notes: input.notes });
      return { status: 'rejected' as const, id: input.id };
    },
  }),
  defineOperation({
    name: 'approve_all',
    summary: `Approve every pending item, up to max_batch_approve; each one passes the safety rules on its own.`,
    input: z.object({}),
    output: z.object({
      approved: z.number().int(),
      ids: z.array(z.number().int()),
      skipped: z.array(z.object({ id: z.number().int(), code: z.string(), reason: z.string() })),
      max_batch: z.number().int(),
    }),
    mutation: true,
    tool: localTool('approve_all', 'approval', { errors: PLATFORM_READ_ERRORS_WITH_DB }),
    run: async (deps, _input, context) => {
      const result = await approveAll(deps.content, { actor: context.actor });
      return {
        approved: result.approved.length,
        ids: result.approved.map((a) => a.id),
        skipped: result.skipped,
        max_batch: result.max_batch,
      };
    },
  }),
];
