// Operation drafts.revisions: A draft's revisions, newest first (one per saved change of content).
import { DraftIdInput, RevisionListSchema } from '../../contracts/drafts.js';
import { listRevisions } from '../../core/services/drafts/read-drafts.js';

import { defineOperation } from '../define-operation.js';

export const listRevisionsOperation = defineOperation({
  name: 'drafts.revisions',
  summary: "A draft's revisions, newest first (one per saved change of content).",
  input: DraftIdInput,
  output: RevisionListSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/content/drafts/{id}/revisions' },
  run: (deps, input) => listRevisions(deps.content, input.id),
});
