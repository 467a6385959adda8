// Operation tags.list: Every tag with the number of drafts carrying it.
import { z } from 'zod';
import { listTags } from '../../core/services/drafts/read-drafts.js';

const EmptyInput = z.object({});
const TagListSchema = z.object({ items: z.array(z.object({ name: z.string(), count: z.number().int() })) });

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
