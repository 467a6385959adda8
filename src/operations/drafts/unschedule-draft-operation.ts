// Operation drafts.unschedule: Take a scheduled or queued draft back to Active (only while nothing of it has been posted).
import { DraftIdInput, DraftSchema } from '../../contracts/drafts.js';
import { unschedule } from '../../core/services/drafts/publish-draft.js';
import { defineOperation } from '../define-operation.js';

export const unscheduleDraftOperation = defineOperation({
  name: 'drafts.unschedule',
  summary: 'Take a scheduled or queued draft back to Active (only while nothing of it has been posted).',
  input: DraftIdInput,
  output: DraftSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/drafts/{id}/unschedule' },
  run: (deps, input) => unschedule(deps.content, input.id),
});
