// Operation notes.get: one live note with its fragments and seeds.
import { NoteDetailSchema, NoteIdInput } from '../../contracts/notes.js';
import { AppError } from '../../core/errors.js';
import { defineOperation } from '../define-operation.js';

export const getNoteOperation = defineOperation({
  name: 'notes.get',
  summary: 'One note: its body and front-matter, its fragments (heading paths) and the seeds drawn from it.',
  input: NoteIdInput,
  output: NoteDetailSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/notes/{id}' },
  run: async (deps, input) => {
    const note = await deps.notes.note(input.id);
    if (!note) throw new AppError('not_found', `note ${input.id} not found`);
    return note;
  },
});
