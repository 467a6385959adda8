// Operation posting.reschedule (POST /api/posting/jobs/{id}/reschedule): moves a posting job that has not
// started to another time — the calendar's drag of a post made by compose, an agent or a loop.
import { PostingJobSchema, RescheduleJobInput } from '../../contracts/posting.js';
import { rescheduleJob } from '../../core/services/publishing/reschedule-job.js';
import { defineOperation } from '../define-operation.js';

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
