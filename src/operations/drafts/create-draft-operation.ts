// Operation drafts.create: Create a server-backed draft (a post or a thread.
import { CreateDraftInput, DraftSchema } from '../../contracts/drafts.js';
import { createDraft } from '../../core/services/drafts/create-draft.js';
import { defineOperation } from '../define-operation.js';

export const createDraftOperation = defineOperation({
  name: 'drafts.create',
  summary: 'Create a server-backed draft (a post or a thread; unfinished content is fine).',
  input: CreateDraftInput,
  output: DraftSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/drafts', status: 201 },
  run: (deps, input) => createDraft(deps.content, input),
});
