// Operation posting.job: A posting job.
import { PostingJobIdInput, PostingJobSchema } from '../../contracts/posting.js';
import { AppError } from '../../core/errors.js';
import type { OperationDeps } from '../operation-deps.js';

async function getJob(deps: OperationDeps, id: number) {
  const job = await deps.content.posting.getJob(id);
  if (!job) throw new AppError('not_found', `posting job ${id} not found`);
  return job;
}

import { defineOperation } from '../define-operation.js';

export const getJobOperation = defineOperation({
  name: 'posting.job',
  summary: 'A posting job: its cards, status, attempts, last error and the ids of the cards already live.',
  input: PostingJobIdInput,
  output: PostingJobSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/posting/jobs/{id}' },
  run: (deps, input) => getJob(deps, input.id),
});
