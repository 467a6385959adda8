// Running an operation, the same way for every face (HTTP, tool server, CLI, loops): reads run as they are;
// every mutation enters the gateway with the caller's actor — a declared platform action through the whole
// gateway, anything else as a local mutation (audited; agents meet blocked_tools). The face has already
// validated the input with its schema and formats the answer.
import type { AnyOperation, OperationContext } from './define-operation.js';
import type { OperationDeps } from './operation-deps.js';
import { runMutation } from './tools/tool-kit.js';

export async function invokeOperation(
  deps: OperationDeps,
  op: AnyOperation,
  input: unknown,
  context: OperationContext,
): Promise<unknown> {
  if (op.action) return runMutation(deps.gateway, context, op.action, input as Record<string, unknown>);
  const run = op.run;
  if (!run) throw new Error(`operation ${op.name} declares neither an action nor run`);
  if (!op.mutation) return run(deps, input, context);
  context.trace ??= {};
  const trace = context.trace;
  const outcome = await deps.gateway.submit(
    {
      tool: op.tool?.name ?? op.name,
      params: (input ?? {}) as Record<string, unknown>,
      actor: context.actor,
    },
    {
      execute: (writes) => run(deps, input, { ...context, writes }),
      outcome: () =>
        trace.policy_decision === 'dry_run'
          ? 'dry_run'
          : trace.policy_decision === 'routed_to_approval'
            ? 'routed'
            : undefined,
    },
  );
  if (outcome.outcome !== 'executed') return outcome;
  trace.correlation_id ??= outcome.correlationId;
  return outcome.result;
}
