// Answers of the operations that send content on its way (publish, schedule, approve).
import { z } from 'zod';
import { ApprovalItemSchema } from './approvals.js';
import { DraftSchema } from './drafts.js';
import { PostWarningsField } from './post-warnings.js';
import { PostingJobSchema } from './posting.js';

export const SubmitResultSchema = z.object({
  status: z.enum(['queued_for_approval', 'scheduled', 'queued']),
  draft: DraftSchema,
  approval_id: z.number().int().optional(),
  job_id: z.number().int().optional(),
  scheduled_for: z.string().nullable(),
  warnings: PostWarningsField,
});

export const ApproveResultSchema = z.object({
  item: ApprovalItemSchema,
  job_id: z
    .number()
    .int()
    .nullable()
    .describe('The posting job (content items); null for a routed tool call.'),
  result: z.unknown().optional().describe('What a routed tool call returned when it ran on approval.'),
  warnings: PostWarningsField,
});

export const ApproveAllResultSchema = z.object({
  approved: z.array(z.object({ id: z.number().int(), job_id: z.number().int().nullable() })),
  skipped: z.array(z.object({ id: z.number().int(), code: z.string(), reason: z.string() })),
  max_batch: z.number().int(),
});

export { PostingJobSchema };
