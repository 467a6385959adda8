import { describe, expect, it } from 'vitest';
import { clearCopy, copyFor, keepCopy, RECOVERY_KEY, RECOVERY_TTL_MS } from './recovery.js';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('offline recovery copy', () => {
  it('belongs to one draft, expires after 7 days, and is cleared only for its own draft', () => {
    const store = memoryStore();
    keepCopy(store, { draftId: 4, content: 'typed offline', version: 3, savedAt: 1000 });
    expect(copyFor(store, 4, 2000)).toMatchObject({ content: 'typed offline', version: 3 });
    expect(copyFor(store, 5, 2000)).toBeUndefined();
    clearCopy(store, 5);
    expect(store.items.has(RECOVERY_KEY)).toBe(true);
    expect(copyFor(store, 4, 1000 + RECOVERY_TTL_MS + 1)).toBeUndefined();
    expect(store.items.has(RECOVERY_KEY)).toBe(false);
    keepCopy(store, { draftId: 4, content: 'again', version: 3, savedAt: 1000 });
    clearCopy(store, 4);
    expect(store.items.has(RECOVERY_KEY)).toBe(false);
    store.setItem(RECOVERY_KEY, '{not json');
    expect(copyFor(store, 4, 2000)).toBeUndefined();
  });
});
