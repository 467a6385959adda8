// The runtime's own account of itself: mode, posting ability, and each loop's status as the scheduler
// keeps it (none when this process runs no loops, e.g. a one-shot command).
import type { LoopStatus, RuntimeStatus } from '../../../contracts/runtime-status.js';
import { postingAbility } from './posting-ability.js';
import type { StatusDeps } from './status-deps.js';

export function runtimeStatus(
  deps: StatusDeps,
  options: { loops: LoopStatus[] | undefined; deploymentMode: string },
): RuntimeStatus {
  const loops = options.loops ?? [];
  return {
    running: options.loops !== undefined,
    mode: deps.mode,
    approval_mode: deps.approvalMode,
    deployment_mode: options.deploymentMode,
    provider_backend: deps.provider.backend,
    can_post: postingAbility(deps).canPost,
    task_count: loops.length,
    loops,
  };
}
