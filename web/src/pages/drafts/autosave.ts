// Autosave of one draft, as a small state machine apart from React (unit-tested beside it): edits are
// debounced (500 ms), at most one save is in flight and the next one carries the version the last answer
// gave; a failed save is retried on a timer and when the browser comes back online; a 409 is a conflict
// (never "offline") and stops saving until the user picks "Use mine" or "Reload server".

export type SyncState = 'saved' | 'saving' | 'unsaved' | 'offline' | 'conflict';

export interface SaveOutcome {
  version: number;
}

export interface SaveFailure {
  /** 409: the server has another version. */
  conflict?: boolean;
  /** 404: the draft was deleted elsewhere; saving stops (the text stays in the editor). */
  gone?: boolean;
}

export interface AutosaveOptions<T> {
  save(content: T, version: number): Promise<SaveOutcome>;
  /** Classifies a failed save (conflict or not). */
  failure(error: unknown): SaveFailure;
  onState(state: SyncState): void;
  /** The draft no longer exists on the server. */
  onGone?(): void;
  debounceMs?: number;
  retryMs?: number;
  timers?: { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };
}

export interface Autosave<T> {
  /** The editor's content changed. */
  edit(content: T): void;
  /** Saves now what is pending (the browser came back online, the user pressed save). */
  flush(): Promise<void>;
  /** After a conflict: save the local content over the server's current version. */
  overwrite(serverVersion: number): Promise<void>;
  /** After a conflict: take the server's draft; nothing local is pending any more. */
  reset(version: number): void;
  state(): SyncState;
  version(): number;
  dispose(): void;
}

export function createAutosave<T>(initialVersion: number, options: AutosaveOptions<T>): Autosave<T> {
  const debounceMs = options.debounceMs ?? 500;
  const retryMs = options.retryMs ?? 3000;
  const timers = options.timers ?? {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let version = initialVersion;
  let pending: T | undefined;
  let inFlight: Promise<void> | undefined;
  let timer: unknown;
  let state: SyncState = 'saved';
  let disposed = false;

  const setState = (next: SyncState) => {
    if (next === state) return;
    state = next;
    options.onState(next);
  };
  const schedule = (ms: number) => {
    if (timer !== undefined) timers.clear(timer);
    if (disposed) return;
    timer = timers.set(() => {
      timer = undefined;
      void flush();
    }, ms);
  };

  async function flush(): Promise<void> {
    if (disposed || state === 'conflict') return;
    if (inFlight !== undefined) {
      await inFlight;
      return flush();
    }
    if (pending === undefined) return;
    const content = pending;
    pending = undefined;
    setState('saving');
    inFlight = (async () => {
      try {
        version = (await options.save(content, version)).version;
        setState(pending === undefined ? 'saved' : 'unsaved');
        if (pending !== undefined) schedule(debounceMs);
      } catch (error) {
        // Nothing typed is lost: the content waits for the next attempt.
        pending ??= content;
        const failure = options.failure(error);
        if (failure.gone) {
          disposed = true;
          setState('unsaved');
          options.onGone?.();
        } else if (failure.conflict) setState('conflict');
        else {
          setState('offline');
          schedule(retryMs);
        }
      } finally {
        inFlight = undefined;
      }
    })();
    await inFlight;
  }

  return {
    edit(content) {
      pending = content;
      if (state === 'conflict') return;
      if (state !== 'offline') setState(inFlight !== undefined ? 'saving' : 'unsaved');
      schedule(debounceMs);
    },
    flush,
    async overwrite(serverVersion) {
      version = serverVersion;
      setState('unsaved');
      await flush();
    },
    reset(next) {
      version = next;
      pending = undefined;
      setState('saved');
    },
    state: () => state,
    version: () => version,
    dispose() {
      disposed = true;
      if (timer !== undefined) timers.clear(timer);
    },
  };
}
