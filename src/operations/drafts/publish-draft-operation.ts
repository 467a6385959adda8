// Operation drafts.publish: Queue a draft for posting now (to the approval queue when approval mode is on).
import { DraftIdInput } from '../../contracts/drafts.js';
import { SubmitResultSchema } from '../../contracts/publishing.js';
import { publishDraft } from '../../core/services/drafts/publish-draft.js';
import { defineOperation } from '../define-operation.js';

export const publishDraftOperation = defineOperation({
  name: 'drafts.publish',
  summary: 'Queue a draft for posting now (to the approval queue when approval mode is on).',
  input: DraftIdInput,
  output: SubmitResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/drafts/{id}/publish', status: 202 },
  run: (deps, input, context) => publishDraft(deps.content, input.id, context.actor),
});
