// Operation notes.ingest: POST /api/ingest, notes sent directly (spec: Ingest node), in every deployment mode;
// stored in slices so other requests are answered meanwhile (ingest-in-slices.ts).
import { IngestInputSchema, IngestResultSchema } from '../../contracts/notes.js';
import { defineOperation } from '../define-operation.js';
import { ingestInSlices } from './ingest-in-slices.js';

export const ingestOperation = defineOperation({
  name: 'notes.ingest',
  summary:
    'Submit notes directly: `inline_nodes` land in the manual source (hashed; unchanged ones skipped), `file_hints` ingest named files of the first local folder now. Each entry is checked on its own: a bad one is listed in `errors` and the others still land.',
  input: IngestInputSchema,
  output: IngestResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/ingest' },
  run: (deps, input) =>
    ingestInSlices({ notes: deps.notes, clock: deps.clock, sources: deps.sources }, input),
});
