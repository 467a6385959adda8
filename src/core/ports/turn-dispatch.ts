// Where the loops' turns are planned when a durable job engine runs them (a Postgres deployment with
// worker processes): the scheduler asks for each next turn here instead of setting a timer, and whichever
// process the engine gives the turn to runs it (`Scheduler.turn`). Implemented in src/infra/jobs.

export interface TurnDispatch {
  /** Loop `name`'s next turn in `delayMs`, replacing the one planned; settles once it is recorded. */
  plan(name: string, delayMs: number): Promise<void>;
  /** At start: each loop's first turn now, unless one is planned already (by this or another process). */
  start(names: readonly string[]): Promise<void>;
}
