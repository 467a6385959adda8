// Simulations only (SchedulerOptions.skipQuietTurns): what a quiet loop said after its last real turn, so
// the scheduler may take its next turns as the empty turns they would be, until a write of this process
// changes its version, the instant it named comes, or the work its `nextDueMs` named falls due.
import type { LoopDefinition } from './loop-definition.js';

interface QuietSpell {
  version: number;
  /** Epoch ms from which a turn may find work. */
  until: number;
  /** Epoch ms of the work its `nextDueMs` named then, if any. */
  dueAt: number | undefined;
}

export class QuietSpells<Deps> {
  private readonly spells = new Map<string, QuietSpell>();

  constructor(private readonly deps: Deps) {}

  /** After a real turn of `loop` at `now`: until when its turns would find nothing. */
  async note(loop: LoopDefinition<Deps>, now: Date, dueMs: number | undefined): Promise<void> {
    const { quiet } = loop;
    if (!quiet) return;
    // Read before the answer, so a change made while it is read makes the next turn a real one.
    const version = quiet.version(this.deps);
    const until = await quiet.quietUntil(this.deps, now).catch(() => undefined);
    if (until === undefined) this.spells.delete(loop.name);
    else
      this.spells.set(loop.name, {
        version,
        until: until === null ? Number.POSITIVE_INFINITY : until.getTime(),
        dueAt: dueMs === undefined ? undefined : now.getTime() + dueMs,
      });
  }

  /**
   * Whether the turn of `loop` at `now` (epoch ms) may be skipped: then the milliseconds until its named due
   * work (`dueInMs`, undefined for none); undefined when it must run (and the spell is over).
   */
  skippable(loop: LoopDefinition<Deps>, now: number): { dueInMs: number | undefined } | undefined {
    const spell = this.spells.get(loop.name);
    if (!spell || !loop.quiet) return undefined;
    const over =
      loop.quiet.version(this.deps) !== spell.version ||
      now >= spell.until ||
      (spell.dueAt !== undefined && now >= spell.dueAt);
    if (over) {
      this.spells.delete(loop.name);
      return undefined;
    }
    return { dueInMs: spell.dueAt === undefined ? undefined : spell.dueAt - now };
  }

  /** A failed turn ends the spell: the next one runs. */
  forget(name: string): void {
    this.spells.delete(name);
  }
}
