// Operation notes.ingest: POST /api/ingest, notes sent directly (spec: Ingest node), in every deployment mode.
import { IngestInputSchema, IngestResultSchema } from '../../contracts/notes.js';
import { ingestNotes } from '../../core/services/sources/ingest-notes.js';
import { defineOperation } from '../define-operation.js';

export const ingestOperation = defineOperation({
  name: 'notes.ingest',
  summary:
    'Submit notes directly: `inline_nodes` land in the manual source (hashed; unchanged ones skipped), `file_hints` ingest named files of the first local folder now. Each entry is checked on its own: a bad one is listed in `errors` and the others still land.',
  input: IngestInputSchema,
  output: IngestResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/ingest' },
  run: (deps, input) => ingestNotes({ notes: deps.notes, clock: deps.clock, sources: deps.sources }, input),
});
