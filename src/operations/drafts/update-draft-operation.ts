// Operation drafts.update: Save an edit (autosave).
import { DraftSchema, UpdateDraftInput } from '../../contracts/drafts.js';
import { saveDraft } from '../../core/services/drafts/save-draft.js';
import { defineOperation } from '../define-operation.js';

export const updateDraftOperation = defineOperation({
  name: 'drafts.update',
  summary:
    "Save an edit (autosave): send the version you edited; a changed content writes a revision; a stale version answers 409 with the server's draft.",
  input: UpdateDraftInput,
  output: DraftSchema,
  mutation: true,
  http: { method: 'PATCH', path: '/api/content/drafts/{id}' },
  run: (deps, input) => saveDraft(deps.content, input),
});
