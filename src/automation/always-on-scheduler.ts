// The loops every long-running process keeps in both modes (posting queue, approval housekeeping, token
// refresh), with an immediate post waking the posting queue instead of waiting for its next tick.
import type { AppDeps } from '../app/create-app.js';
import type { Logger } from '../infra/logging/create-logger.js';
import { ALWAYS_ON_LOOPS } from './loops/index.js';
import { Scheduler } from './scheduler.js';

export function alwaysOnScheduler(deps: AppDeps, logger: Logger): Scheduler<AppDeps> {
  const scheduler = new Scheduler({ deps, loops: ALWAYS_ON_LOOPS, mode: () => deps.config.mode, logger });
  deps.wakePosting.current = () => scheduler.wake('posting-queue');
  return scheduler;
}
