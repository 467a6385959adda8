// Operation posting.reschedule (POST /api/posting/jobs/{id}/reschedule): moves a posting job that has not
// started to another time — the calendar's drag of a post made by compose, an agent or a loop.
import { z } from 'zod';
import { PostingJobSchema } from '../../contracts/posting.js';
import { rescheduleJob } from '../../core/services/publishing/reschedule-job.js';
import { defineOperation } from '../define-operation.js';

export const RescheduleJobInput = z.object({
  id: z.number().int().positive().describe('The posting job.'),
  scheduled_for: z
    .string()
    .min(1)
    .describe(
      'New time, ISO 8601; without Z or an offset it is local time in [schedule] timezone (a DST gap moves forward).',
    ),
});

export const rescheduleJobOperation = defineOperation({
  name: 'posting.reschedule',
  summary:
    'Move a posting job that has not started (queued, not claimed, no card out) to another time; a past time is refused, and a job being posted, posted, failed or cancelled answers conflict. A job made from a draft moves its draft too.',
  input: RescheduleJobInput,
  output: PostingJobSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/posting/jobs/{id}/reschedule' },
  run: (deps, input) => rescheduleJob(deps.content, input),
});
