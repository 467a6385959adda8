// Operation notes.sources: the content sources with their sync state, note counts and problems.
import { EmptyInput } from '../../contracts/no-input.js';
import { SourceListSchema } from '../../contracts/notes.js';
import { listSourceStatus } from '../../core/services/sources/source-status.js';
import { defineOperation } from '../define-operation.js';

export const listSourcesOperation = defineOperation({
  name: 'notes.sources',
  summary:
    'The content sources (folders, cloud drive, the manual source of the ingest API): where each reads from, its status and last sync, live notes, notes waiting for seeds, problems by path, and whether loop-back writes into its notes.',
  input: EmptyInput,
  output: SourceListSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/sources' },
  run: async (deps) => ({ sources: await listSourceStatus({ notes: deps.notes, sources: deps.sources }) }),
});
