// Operation drafts.delete: Delete a draft and its revisions for good (a scheduled one is unscheduled first).
import { DraftDeletedSchema, DraftIdInput } from '../../contracts/drafts.js';
import { deleteDraft } from '../../core/services/drafts/manage-draft.js';

import { defineOperation } from '../define-operation.js';

export const deleteDraftOperation = defineOperation({
  name: 'drafts.delete',
  summary: 'Delete a draft and its revisions for good (a scheduled one is unscheduled first).',
  input: DraftIdInput,
  output: DraftDeletedSchema,
  mutation: true,
  http: { method: 'DELETE', path: '/api/content/drafts/{id}' },
  run: (deps, input) => deleteDraft(deps.content, input.id),
});
