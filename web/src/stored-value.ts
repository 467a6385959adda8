// JSON values in browser storage that never throw: a value that is missing, unreadable or not JSON reads
// as undefined, and a write that storage refuses (full, disabled) is dropped; the page keeps working.

export interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readStored(store: Store, key: string): unknown {
  try {
    const text = store.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export function writeStored(store: Store, key: string, value: unknown): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // Refused by storage: the value lasts for this page only.
  }
}

export function removeStored(store: Store, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to do.
  }
}
