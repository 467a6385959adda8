// Operation notes.reindex: a full pass of one running source now.
import { z } from 'zod';
import { AppError, conflictError } from '../../core/errors.js';
import { defineOperation } from '../define-operation.js';

export const reindexSourceOperation = defineOperation({
  name: 'notes.reindex',
  summary:
    'Reads every file of a running source again now (unchanged notes are skipped by hash; deleted ones are marked gone).',
  input: z.object({ id: z.number().int().positive().describe('Source id (from GET /api/sources).') }),
  output: z.object({ id: z.number().int(), reindexed: z.literal(true) }),
  mutation: true,
  http: { method: 'POST', path: '/api/sources/{id}/reindex' },
  run: async (deps, input) => {
    const source = deps.notes.source(input.id);
    if (!source) throw new AppError('not_found', `source ${input.id} not found`);
    if (!(await deps.sources.rescan(input.id))) {
      throw conflictError(
        `source ${input.id} is not running in this process (${source.status}${source.error_message ? `: ${source.error_message}` : ''})`,
        source,
      );
    }
    return { id: input.id, reindexed: true as const };
  },
});
