// The approval queue as the API shows it: items waiting for a human, their review and edit history.
import { z } from 'zod';
import { ActorSchema } from './actor.js';
import { ThreadBlockSchema, threadBlocksField } from './content.js';

export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'posting',
  'posted',
  'failed',
  'rejected',
  'expired',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const ApprovalItemSchema = z.object({
  id: z.number().int(),
  action_type: z
    .string()
    .describe('tweet | reply | thread | quote, or a tool name routed by the policy engine.'),
  tool_name: z.string().nullable(),
  content: z.string().describe('Display text (threads: cards separated by blank lines).'),
  blocks: z.array(ThreadBlockSchema).nullable().describe('Thread cards with their media.'),
  media_paths: z.array(z.string()),
  target_tweet_id: z.string().nullable(),
  target_author_id: z.string().nullable(),
  target_author_username: z.string().nullable(),
  status: z.enum(APPROVAL_STATUSES),
  reason: z.string().nullable(),
  detected_risks: z.array(z.string()),
  score: z.number().nullable(),
  origin: z.enum(['http', 'mcp', 'loop', 'cli']).describe('The face it came through.'),
  actor: ActorSchema.describe('Who queued it: dashboard, api, agent, cli or loop:<name>.'),
  draft_id: z.number().int().nullable(),
  scheduled_for: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  review_notes: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  posted_tweet_ids: z.array(z.string()),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApprovalItem = z.infer<typeof ApprovalItemSchema>;

export const ApprovalEditSchema = z.object({
  id: z.number().int(),
  approval_id: z.number().int(),
  editor: z.string(),
  field: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  created_at: z.string(),
});
export type ApprovalEdit = z.infer<typeof ApprovalEditSchema>;

const Status = z.enum(APPROVAL_STATUSES);

export const ListApprovalsInput = z.object({
  status: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(Status).min(1))
    .default(['pending'])
    .describe('Statuses to list, as a list or comma-separated (default pending).'),
  type: z
    .string()
    .optional()
    .describe('Only items of this action_type (tweet, reply, thread, quote or a tool).'),
  limit: z.number().int().min(1).max(200).default(50).describe('At most this many.'),
  offset: z.number().int().min(0).default(0).describe('Skip this many (paging).'),
});
export type ListApprovalsInput = z.infer<typeof ListApprovalsInput>;

const ApprovalId = z.number().int().positive().describe('Approval queue id.');

export const ReviewInput = z.object({
  id: ApprovalId,
  notes: z.string().max(2000).optional().describe("The reviewer's note (kept with the item)."),
});

export const EditApprovalInput = z.object({
  id: ApprovalId,
  content: z.string().max(100_000).optional(),
  blocks: threadBlocksField().optional().describe('ThreadBlock[] or {version: 1, blocks}.'),
  media_paths: z.array(z.string().min(1)).max(4).optional(),
});

export const ApproveAllInput = z.object({
  ids: z
    .array(z.number().int().positive())
    .max(500)
    .optional()
    .describe('Only these pending items (default: all, oldest first).'),
  max: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('At most this many (never more than max_batch_approve).'),
});

export const ApprovalIdInput = z.object({ id: z.number().int().positive() });

export const ApprovalListSchema = z.object({
  items: z.array(ApprovalItemSchema),
  total: z.number().int().describe('Items with these statuses in all.'),
  limit: z.number().int(),
  offset: z.number().int(),
});
export const ApprovalStatsSchema = z.record(z.enum(APPROVAL_STATUSES), z.number().int());
export const ApprovalHistorySchema = z.object({ items: z.array(ApprovalEditSchema) });
