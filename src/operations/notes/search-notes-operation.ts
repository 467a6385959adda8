// Operation notes.search: live notes for the "From Notes" panel, newest first or matching words.
import { z } from 'zod';
import { NoteSummarySchema } from '../../contracts/notes.js';
import { defineOperation } from '../define-operation.js';

export const searchNotesOperation = defineOperation({
  name: 'notes.search',
  summary:
    'Live notes, newest first, or those whose title, body or a fragment holds every word of `q` (with the matching fragment).',
  input: z.object({
    q: z.string().trim().max(200).optional().describe('Words to find (prefix match).'),
    source_id: z.number().int().positive().optional().describe('Only this source.'),
    limit: z.number().int().min(1).max(100).default(20),
    offset: z.number().int().min(0).default(0),
  }),
  output: z.object({ items: z.array(NoteSummarySchema), total: z.number().int() }),
  mutation: false,
  http: { method: 'GET', path: '/api/notes' },
  run: async (deps, input) =>
    deps.notes.searchNotes({
      ...(input.q ? { q: input.q } : {}),
      ...(input.source_id ? { sourceId: input.source_id } : {}),
      limit: input.limit,
      offset: input.offset,
    }),
});
