// Operation drafts.duplicate: Copy a draft into a new Active draft titled "(copy)".
import { DraftIdInput, DraftSchema } from '../../contracts/drafts.js';
import { duplicateDraft } from '../../core/services/drafts/manage-draft.js';
import { defineOperation } from '../define-operation.js';

export const duplicateDraftOperation = defineOperation({
  name: 'drafts.duplicate',
  summary: 'Copy a draft into a new Active draft titled "(copy)".',
  input: DraftIdInput,
  output: DraftSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/drafts/{id}/duplicate', status: 201 },
  run: (deps, input) => duplicateDraft(deps.content, input.id),
});
