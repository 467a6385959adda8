// Operation drafts.get: Get one draft with its content, cards, tags and publishing state.
import { DraftIdInput, DraftSchema } from '../../contracts/drafts.js';
import { getDraft } from '../../core/services/drafts/read-drafts.js';
import { defineOperation } from '../define-operation.js';

export const getDraftOperation = defineOperation({
  name: 'drafts.get',
  summary: 'Get one draft with its content, cards, tags and publishing state.',
  input: DraftIdInput,
  output: DraftSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/content/drafts/{id}' },
  run: (deps, input) => getDraft(deps.content, input.id),
});
