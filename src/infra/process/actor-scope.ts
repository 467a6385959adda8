// The ActorScope port over Node's AsyncLocalStorage: the scheduler runs each loop turn and invokeOperation
// each operation inside `run`, so a platform call made anywhere below is recorded with its loop or face.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Actor } from '../../contracts/actor.js';
import type { ActorScope } from '../../core/ports/actor-scope.js';

export function createActorScope(): ActorScope {
  const storage = new AsyncLocalStorage<Actor>();
  return {
    run: (actor, fn) => storage.run(actor, fn),
    current: () => storage.getStore(),
  };
}
