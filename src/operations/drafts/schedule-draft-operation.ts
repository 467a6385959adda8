// Operation drafts.schedule: Schedule a draft for a future time (ISO 8601.
import { ScheduleDraftInput } from '../../contracts/drafts.js';
import { SubmitResultSchema } from '../../contracts/publishing.js';
import { scheduleDraft } from '../../core/services/drafts/publish-draft.js';
import { defineOperation } from '../define-operation.js';

export const scheduleDraftOperation = defineOperation({
  name: 'drafts.schedule',
  summary:
    'Schedule a draft for a future time (ISO 8601; without Z it is local time in [schedule] timezone); rescheduling moves it.',
  input: ScheduleDraftInput,
  output: SubmitResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/drafts/{id}/schedule', status: 202 },
  run: (deps, input, context) => scheduleDraft(deps.content, input, context.actor),
});
