// Housekeeping of the approval queue in both modes: items past their expiry leave the pending list.
// (Approved items are posted by the posting queue, which owns every platform write.)
import type { AppDeps } from '../../app/create-app.js';
import type { LoopDefinition } from '../loop-definition.js';

export const approvalPosterLoop: LoopDefinition<AppDeps> = {
  name: 'approval-poster',
  intervalMs: () => 15_000,
  modes: ['autopilot', 'composer'],
  async run(deps) {
    const expired = await deps.content.approvals.expire(deps.clock.now());
    if (expired > 0) deps.logger.info({ expired }, 'approval items expired');
  },
};
