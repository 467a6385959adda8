// Operation drafts.archive: Archive a draft (soft delete, restorable).
import { DraftIdInput, DraftSchema } from '../../contracts/drafts.js';
import { archiveDraft } from '../../core/services/drafts/manage-draft.js';
import { defineOperation } from '../define-operation.js';

export const archiveDraftOperation = defineOperation({
  name: 'drafts.archive',
  summary: 'Archive a draft (soft delete, restorable); a scheduled one is unscheduled first.',
  input: DraftIdInput,
  output: DraftSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/drafts/{id}/archive' },
  run: (deps, input) => archiveDraft(deps.content, input.id),
});
