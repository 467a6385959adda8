// Running an operation, the same way for every face (HTTP, tool server, CLI, loops), with the policy its
// tool binding declares and no policy code in the operation: a declared platform action goes through the
// whole gateway; any other mutation through its local entry (audited; agents meet blocked_tools, and the
// policy when the binding says `check`: dry run answered, routing passed in the context, counted after a
// success); an agent's read meets blocked_tools, and a preview learns what the gateway would decide. The
// face has already validated the input with its schema and formats the answer.

import { POLICY_CATEGORIES } from '../contracts/config/mcp-policy.js';
import type { PolicyCategory } from '../contracts/tools/tool-binding.js';
import type { AnyOperation, OperationContext, OperationToolBinding } from './define-operation.js';
import type { OperationDeps } from './operation-deps.js';
import { runMutation } from './tool-kit.js';

/** The category a checked call is counted under: the binding's, else the tool's own. */
function policyCategory(tool: OperationToolBinding): PolicyCategory {
  const category = tool.policyCategory ?? tool.category;
  if (!(POLICY_CATEGORIES as readonly string[]).includes(category)) {
    throw new Error(`tool ${tool.name} is checked by the policy but names no policy category`);
  }
  return category as PolicyCategory;
}

export function invokeOperation(
  deps: OperationDeps,
  op: AnyOperation,
  input: unknown,
  context: OperationContext,
  /** The call as its face received it (that face's own parameters): audited, and echoed by a dry run. */
  called: unknown = input,
): Promise<unknown> {
  // Everything the operation does (platform calls included) runs as its actor: the bill is kept per actor.
  if (!deps.actorScope) return invoke(deps, op, input, context, called);
  return deps.actorScope.run(context.actor, () => invoke(deps, op, input, context, called));
}

async function invoke(
  deps: OperationDeps,
  op: AnyOperation,
  input: unknown,
  context: OperationContext,
  called: unknown,
): Promise<unknown> {
  if (op.action) return runMutation(deps.gateway, context, op.action, input as Record<string, unknown>);
  const run = op.run;
  if (!run) throw new Error(`operation ${op.name} declares neither an action nor run`);
  const tool = op.tool;
  if (!op.mutation) {
    if (tool) deps.gateway.admitRead({ tool: tool.name, actor: context.actor });
    if (!op.preview) return run(deps, input, context);
    const policy = await deps.gateway.preview(op.preview, input);
    return run(deps, input, { ...context, policy });
  }
  context.trace ??= {};
  const trace = context.trace;
  const validate = op.validate;
  const outcome = await deps.gateway.submit(
    { tool: tool?.name ?? op.name, params: (called ?? {}) as Record<string, unknown>, actor: context.actor },
    {
      ...(validate ? { validate: () => validate(input) } : {}),
      ...(tool?.policy === 'check' ? { policy: { category: policyCategory(tool) } } : {}),
      ...(tool?.counts ? { counts: tool.counts } : {}),
      execute: (writes, policy) => run(deps, input, { ...context, writes, ...(policy ? { policy } : {}) }),
    },
  );
  if (outcome.outcome !== 'executed') return outcome;
  trace.correlation_id ??= outcome.correlationId;
  if (outcome.policyDecision) trace.policy_decision = outcome.policyDecision;
  return outcome.result;
}
