// Operation drafts.list: List drafts of one grouping (active, scheduled, posted, archive), with search, tag filter, sort and paging.
import { DraftListSchema, ListDraftsInput } from '../../contracts/drafts.js';
import { listDrafts } from '../../core/services/drafts/read-drafts.js';
import { defineOperation } from '../define-operation.js';

export const listDraftsOperation = defineOperation({
  name: 'drafts.list',
  summary:
    'List drafts of one grouping (active, scheduled, posted, archive), with search, tag filter, sort and paging.',
  input: ListDraftsInput,
  output: DraftListSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/content/drafts' },
  run: (deps, input) => listDrafts(deps.content, input),
});
