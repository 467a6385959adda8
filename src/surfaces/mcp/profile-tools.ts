// Which operations a profile exposes as tools: those whose tool binding lists the profile, by name.
import type { ToolProfile } from '../../contracts/tools/tool-binding.js';
import type { AnyOperation } from '../../operations/define-operation.js';
import { OPERATIONS } from '../../operations/registry.js';

export type ToolOperation = AnyOperation & { tool: NonNullable<AnyOperation['tool']> };

const isTool = (op: AnyOperation): op is ToolOperation => op.tool !== undefined;

export function profileTools(
  profile: ToolProfile,
  operations: readonly AnyOperation[] = OPERATIONS,
): ToolOperation[] {
  return operations
    .filter(isTool)
    .filter((op) => op.tool.profiles.includes(profile))
    .sort((a, b) => (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0));
}
