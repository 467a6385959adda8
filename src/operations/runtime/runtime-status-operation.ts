// Operation runtime.status: the mode, posting ability and every loop's status (last and next run, outcome,
// errors in a row, why paused) — the dashboard, `app status` and the health tools read it.
import { EmptyInput } from '../../contracts/no-input.js';
import { RuntimeStatusSchema } from '../../contracts/runtime-status.js';
import { runtimeStatus } from '../../core/services/status/runtime-status.js';
import { defineOperation } from '../define-operation.js';

export const runtimeStatusOperation = defineOperation({
  name: 'runtime.status',
  summary:
    'The runtime: mode, approval mode, whether it can post, and each loop with its last and next run, last outcome and error, failures in a row, and why it is paused.',
  input: EmptyInput,
  output: RuntimeStatusSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/runtime/status' },
  run: async (deps) =>
    runtimeStatus(deps.status, {
      loops: await deps.loopStatus(),
      deploymentMode: deps.config.deployment_mode,
    }),
});
