// Operation approvals.get: One approval item.
import { ApprovalIdInput, ApprovalItemSchema } from '../../contracts/approvals.js';
import { AppError } from '../../core/errors.js';
import type { OperationDeps } from '../operation-deps.js';

async function getApproval(deps: OperationDeps, id: number) {
  const item = await deps.content.approvals.get(id);
  if (!item) throw new AppError('not_found', `approval item ${id} not found`);
  return item;
}

import { defineOperation } from '../define-operation.js';

export const getApprovalOperation = defineOperation({
  name: 'approvals.get',
  summary: 'One approval item.',
  input: ApprovalIdInput,
  output: ApprovalItemSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/approval/{id}' },
  run: (deps, input) => getApproval(deps, input.id),
});
