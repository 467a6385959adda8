// Operation tags.list: Every tag with the number of drafts carrying it.

import { TagListSchema } from '../../contracts/drafts.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { listTags } from '../../core/services/drafts/read-drafts.js';

import { defineOperation } from '../define-operation.js';

export const listTagsOperation = defineOperation({
  name: 'tags.list',
  summary: 'Every tag with the number of drafts carrying it.',
  input: EmptyInput,
  output: TagListSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/content/tags' },
  run: (deps) => listTags(deps.content),
});
