// Operation drafts.restore_revision: Make a revision's content the draft's content again (a new save, version-checked).
import { DraftSchema, RestoreRevisionInput } from '../../contracts/drafts.js';
import { restoreRevision } from '../../core/services/drafts/manage-draft.js';
import { defineOperation } from '../define-operation.js';

export const restoreRevisionOperation = defineOperation({
  name: 'drafts.restore_revision',
  summary: "Make a revision's content the draft's content again (a new save, version-checked).",
  input: RestoreRevisionInput,
  output: DraftSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/drafts/{id}/revisions/{rev}/restore' },
  run: (deps, input) => restoreRevision(deps.content, input),
});
