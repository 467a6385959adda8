// Quick tone cues the user typed, most recent first, at most 5, under `app:voice:saved-cues`.
export const CUES_KEY = 'app:voice:saved-cues';
export const MAX_CUES = 5;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function savedCues(store: Store): string[] {
  try {
    const value = JSON.parse(store.getItem(CUES_KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter((c): c is string => typeof c === 'string').slice(0, MAX_CUES)
      : [];
  } catch {
    return [];
  }
}

/** Puts `cue` first (once, case-insensitively), keeping at most 5. */
export function rememberCue(store: Store, cue: string): string[] {
  const trimmed = cue.trim();
  if (!trimmed) return savedCues(store);
  const next = [trimmed, ...savedCues(store).filter((c) => c.toLowerCase() !== trimmed.toLowerCase())].slice(
    0,
    MAX_CUES,
  );
  try {
    store.setItem(CUES_KEY, JSON.stringify(next));
  } catch {
    // Storage disabled: the list lasts for this page only.
  }
  return next;
}
