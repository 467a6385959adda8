// Operation notes.reindex: a full pass of one running source now.
import { ReindexSourceInput, SourceReindexedSchema } from '../../contracts/notes.js';
import { AppError, conflictError } from '../../core/errors.js';
import { defineOperation } from '../define-operation.js';

export const reindexSourceOperation = defineOperation({
  name: 'notes.reindex',
  summary:
    'A full pass of a running source now: new and changed files are ingested, deleted ones marked gone. Files whose size and modification time did not change are not read again unless `force` (read ones that did not change are still skipped by hash).',
  input: ReindexSourceInput,
  output: SourceReindexedSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/sources/{id}/reindex' },
  run: async (deps, input) => {
    const source = await deps.notes.source(input.id);
    if (!source) throw new AppError('not_found', `source ${input.id} not found`);
    if (!(await deps.sources.rescan(input.id, { force: input.force }))) {
      throw conflictError(
        `source ${input.id} is not running in this process (${source.status}${source.error_message ? `: ${source.error_message}` : ''})`,
        source,
      );
    }
    return { id: input.id, reindexed: true as const };
  },
});
