// Timers a test fires by hand: what is scheduled (and after how long) is visible, nothing runs by itself.
export class ManualTimers {
  private next = 1;
  private readonly pending = new Map<number, { callback: () => void; ms: number }>();

  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.next++;
    this.pending.set(id, { callback, ms });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.pending.delete(handle as number);
  };

  /** The delays of the timers waiting now, in the order they were set. */
  delays(): number[] {
    return [...this.pending.values()].map((t) => t.ms);
  }

  /** Runs every waiting timer once (timers they set wait for the next call); answers how many ran. */
  fire(): number {
    const due = [...this.pending];
    this.pending.clear();
    for (const [, timer] of due) timer.callback();
    return due.length;
  }
}
