// The tool names of the operation registry, for commands whose config check needs them (`[mcp_policy]`
// entries). Kept out of load-for-command.ts so commands that do not need the registry do not load it.
import { OPERATIONS } from '../../operations/registry.js';

export function registryToolNames(): string[] {
  return OPERATIONS.flatMap((op) => (op.tool ? [op.tool.name] : []));
}
