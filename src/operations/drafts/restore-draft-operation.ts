// Operation drafts.restore: Bring an archived draft back.
import { DraftIdInput, DraftSchema } from '../../contracts/drafts.js';
import { restoreDraft } from '../../core/services/drafts/manage-draft.js';
import { defineOperation } from '../define-operation.js';

export const restoreDraftOperation = defineOperation({
  name: 'drafts.restore',
  summary: 'Bring an archived draft back.',
  input: DraftIdInput,
  output: DraftSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/drafts/{id}/restore' },
  run: (deps, input) => restoreDraft(deps.content, input.id),
});
