// Operation notes.search: live notes for the "From Notes" panel, newest first or matching words.
import { NoteSearchSchema, SearchNotesInput } from '../../contracts/notes.js';
import { defineOperation } from '../define-operation.js';

export const searchNotesOperation = defineOperation({
  name: 'notes.search',
  summary:
    'Live notes, newest first, or those whose title, body or a fragment holds every word of `q` (with the matching fragment).',
  input: SearchNotesInput,
  output: NoteSearchSchema,
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
