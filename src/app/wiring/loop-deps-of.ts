// Builds what the loops may use (automation/loop-deps.ts) from the app's parts: the stores and services,
// the discovery services over the operations' deps, and the actions that go through an operation.
import type { LoopDeps } from '../../automation/loop-deps.js';
import type { Config } from '../../contracts/config/config.js';
import { discoveryServices } from '../../operations/discovery/discovery-services.js';
import type { OperationDeps } from '../../operations/operation-deps.js';
import type { AppDeps } from './app-deps.js';
import { autopilotStore } from './autopilot-store.js';
import { loopActions } from './loop-actions.js';

export function loopDepsOf(
  deps: Omit<AppDeps, 'forOperations' | 'forLoops'>,
  operations: OperationDeps,
  live: { config: () => Readonly<Config> },
): LoopDeps {
  const { social } = deps;
  return {
    get config() {
      return live.config();
    },
    clock: deps.clock,
    random: deps.random,
    logger: deps.logger,
    content: deps.content,
    discovery: deps.discovery,
    discoveryServices: () => discoveryServices(operations),
    assist: deps.assist,
    status: deps.status,
    social: { read: social.read, ...(social.tokens ? { tokens: social.tokens } : {}) },
    analyticsWriter: deps.analyticsWriter,
    notes: deps.notes,
    loopBack: deps.loopBack,
    publisher: deps.publisher,
    autopilot: autopilotStore(deps),
    wakePosting: () => deps.postingWake.fire(),
    actions: loopActions(operations),
  };
}
