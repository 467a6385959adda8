// Who is running the code at hand (a loop, an agent, the dashboard, an API client, the CLI), carried through
// async calls so that deep adapters (the platform call recorder) can attribute their work without every
// signature passing it along. The app implements it over Node's AsyncLocalStorage (infra/process).
import type { Actor } from '../../contracts/actor.js';

export interface ActorScope {
  /** Runs `fn` (and everything it awaits or schedules) as `actor`. */
  run<T>(actor: Actor, fn: () => T): T;
  /** The actor of the innermost `run` around the caller, if any. */
  current(): Actor | undefined;
}

/** No attribution: runs as given, knows no actor. */
export const noActorScope: ActorScope = {
  run: (_actor, fn) => fn(),
  current: () => undefined,
};
