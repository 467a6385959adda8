// Background work declared as data: what runs, how often, in which operating modes.
import type { Mode } from '../contracts/config/config.js';

export interface LoopContext {
  signal: AbortSignal;
}

export interface LoopDefinition<Deps> {
  name: string;
  /** Milliseconds between the end of one run and the start of the next. */
  intervalMs: (deps: Deps) => number;
  /** Modes it runs in; the mode is read before every run, so a switch applies without restart. */
  modes: readonly Mode[];
  run(deps: Deps, context: LoopContext): Promise<void>;
}
