import { describe, expect, it } from 'vitest';
import { createAutosave, type SyncState } from './autosave.js';

/** Timers run by hand: `run()` fires what is due, in order. */
function manualTimers() {
  const waiting = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  return {
    set: (fn: () => void, ms: number) => {
      waiting.set(next, { fn, ms });
      return next++;
    },
    clear: (handle: unknown) => void waiting.delete(handle as number),
    pending: () => [...waiting.values()].map((t) => t.ms),
    async run() {
      const due = [...waiting.entries()];
      waiting.clear();
      for (const [, t] of due) t.fn();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

function harness(save: (content: string, version: number) => Promise<{ version: number }>) {
  const timers = manualTimers();
  const states: SyncState[] = [];
  const autosave = createAutosave(1, {
    save,
    failure: (error) => ({ conflict: (error as { status?: number }).status === 409 }),
    onState: (s) => states.push(s),
    timers,
  });
  return { timers, states, autosave };
}

describe('autosave', () => {
  it('debounces edits into one save that carries the version, then the next save the answer’s version', async () => {
    const calls: Array<[string, number]> = [];
    const { timers, states, autosave } = harness(async (content, version) => {
      calls.push([content, version]);
      return { version: version + 1 };
    });
    autosave.edit('h');
    autosave.edit('he');
    autosave.edit('hello');
    expect(timers.pending()).toEqual([500]);
    await timers.run();
    autosave.edit('hello!');
    await timers.run();
    expect(calls).toEqual([
      ['hello', 1],
      ['hello!', 2],
    ]);
    expect(states).toEqual(['unsaved', 'saving', 'saved', 'unsaved', 'saving', 'saved']);
  });

  it('never has two saves in flight: an edit during a save waits and then carries the newer version', async () => {
    const calls: Array<[string, number]> = [];
    let release: (() => void) | undefined;
    const { timers, autosave } = harness(
      (content, version) =>
        new Promise((resolve) => {
          calls.push([content, version]);
          release = () => resolve({ version: version + 1 });
        }),
    );
    autosave.edit('one');
    await timers.run();
    autosave.edit('two');
    const second = autosave.flush();
    expect(calls).toEqual([['one', 1]]);
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release?.();
    await second;
    expect(calls).toEqual([
      ['one', 1],
      ['two', 2],
    ]);
    expect(autosave.state()).toBe('saved');
  });

  it('a failed save is offline, keeps the text and retries on a timer; a 409 is a conflict, never offline', async () => {
    let fail: { status: number } | undefined = { status: 0 };
    const calls: string[] = [];
    const { timers, autosave, states } = harness(async (content, version) => {
      calls.push(content);
      if (fail) throw fail;
      return { version: version + 1 };
    });
    autosave.edit('kept');
    await timers.run();
    expect(autosave.state()).toBe('offline');
    expect(timers.pending()).toEqual([3000]);
    fail = undefined;
    await timers.run();
    expect(calls).toEqual(['kept', 'kept']);
    expect(autosave.state()).toBe('saved');

    fail = { status: 409 };
    autosave.edit('mine');
    await timers.run();
    expect(autosave.state()).toBe('conflict');
    expect(timers.pending()).toEqual([]);
    autosave.edit('mine, more');
    expect(timers.pending()).toEqual([]);
    fail = undefined;
    await autosave.overwrite(7);
    expect(calls.at(-1)).toBe('mine, more');
    expect(autosave.version()).toBe(8);
    expect(states.filter((s) => s === 'conflict')).toHaveLength(1);
  });

  it('a draft deleted elsewhere (404) stops saving and says so, keeping the text', async () => {
    const timers = manualTimers();
    let gone = 0;
    const calls: string[] = [];
    const autosave = createAutosave<string>(1, {
      save: async (content) => {
        calls.push(content);
        throw { status: 404 };
      },
      failure: (error) => ({ gone: (error as { status: number }).status === 404 }),
      onState: () => undefined,
      onGone: () => gone++,
      timers,
    });
    autosave.edit('orphan');
    await timers.run();
    expect(gone).toBe(1);
    expect(autosave.state()).toBe('unsaved');
    autosave.edit('orphan, more');
    await timers.run();
    expect(calls).toEqual(['orphan']);
    expect(timers.pending()).toEqual([]);
  });
});
