// The ActorScope port over Node's AsyncLocalStorage: the scheduler runs each loop turn and invokeOperation
// each operation inside `run`, so a platform call made anywhere below is recorded with its loop or face.
// One storage for the process, shared by every account's scope: on Node 20 each live AsyncLocalStorage
// adds work to the creation of every promise, and with one per account a worker of 50 accounts spent about
// a quarter of its CPU there (async_hooks `_propagate`).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Actor } from '../../contracts/actor.js';
import type { ActorScope } from '../../core/ports/actor-scope.js';

const storage = new AsyncLocalStorage<Actor>();

const scope: ActorScope = {
  run: (actor, fn) => storage.run(actor, fn),
  current: () => storage.getStore(),
};

export function createActorScope(): ActorScope {
  return scope;
}
