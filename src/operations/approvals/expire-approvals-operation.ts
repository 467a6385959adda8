// Operation approvals.expire: the approval housekeeping a loop runs (no face): pending items past their
// expiry leave the pending list. Through the one invoker, so the loop's mutation is audited with its actor.
import { z } from 'zod';
import { defineOperation } from '../define-operation.js';

export const expireApprovalsOperation = defineOperation({
  name: 'approvals.expire',
  summary: 'Marks pending approval items past their expiry as expired.',
  input: z.object({}),
  output: z.object({ expired: z.number().int() }),
  mutation: true,
  run: async (deps) => ({ expired: await deps.content.approvals.expire(deps.clock.now()) }),
});
