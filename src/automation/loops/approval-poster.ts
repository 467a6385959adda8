// Housekeeping of the approval queue in both modes: items past their expiry leave the pending list.
// (Approved items are posted by the posting queue, which owns every platform write.) The expiry is a
// mutation like any other: it enters the gateway with the loop as its actor, when there is something to do.

import { loopActor } from '../../contracts/actor.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';

const NAME = 'approval-poster';

export const approvalPosterLoop: LoopDefinition<LoopDeps> = {
  name: NAME,
  intervalMs: () => 15_000,
  modes: ['autopilot', 'composer'],
  writes: true,
  async run(deps) {
    if ((await deps.content.approvals.dueToExpire(deps.clock.now())) === 0) return;
    const expired = await deps.actions.expireApprovals(loopActor(NAME));
    if (expired > 0) deps.logger.info({ expired }, 'approval items expired');
  },
  // Nothing past its expiry and no item written since: its polls find nothing until the next one expires.
  quiet: {
    version: (deps) => deps.content.approvals.writeCount(),
    async quietUntil(deps, now) {
      const { approvals } = deps.content;
      if ((await approvals.dueToExpire(now)) > 0) return undefined;
      return (await approvals.nextExpiryAt(now)) ?? null;
    },
  },
};
