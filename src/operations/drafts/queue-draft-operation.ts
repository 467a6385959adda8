// Operation drafts.queue: Add to queue — schedule a draft at the free preferred slot the user was shown.
import { QueueDraftInput } from '../../contracts/drafts.js';
import { SubmitResultSchema } from '../../contracts/publishing.js';
import { queueDraft } from '../../core/services/drafts/queue-draft.js';
import { slotDeps } from '../calendar/next-slot-operation.js';
import { defineOperation } from '../define-operation.js';

export const queueDraftOperation = defineOperation({
  name: 'drafts.queue',
  summary:
    'Add a draft to the queue: schedule it (as drafts.schedule does) at `at`, the free preferred slot calendar.next_slot gave; a slot taken or passed meanwhile is refused with 409 and the new next free slot in error.details.current.',
  input: QueueDraftInput,
  output: SubmitResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/drafts/{id}/queue', status: 202 },
  run: (deps, input, context) =>
    queueDraft({ content: deps.content, slots: slotDeps(deps) }, input, context.actor),
});
