// A nudge from one part to another that is not known when the first is built (a post queued → the posting
// queue's next turn now): the sender fires, any number of listeners hear it.

export interface Signal {
  fire(): void;
  /** Answers a function that stops listening. */
  listen(listener: () => void): () => void;
}

export function createSignal(): Signal {
  const listeners = new Set<() => void>();
  return {
    fire: () => {
      for (const listener of [...listeners]) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
