// Quick tone cues the user typed, most recent first, at most 5, under `app:voice:saved-cues`.
import { readStored, type Store, writeStored } from '../../stored-value.js';

export const CUES_KEY = 'app:voice:saved-cues';
export const MAX_CUES = 5;

export function savedCues(store: Store): string[] {
  const value = readStored(store, CUES_KEY);
  return Array.isArray(value)
    ? value.filter((c): c is string => typeof c === 'string').slice(0, MAX_CUES)
    : [];
}

/** Puts `cue` first (once, case-insensitively), keeping at most 5. */
export function rememberCue(store: Store, cue: string): string[] {
  const trimmed = cue.trim();
  if (!trimmed) return savedCues(store);
  const next = [trimmed, ...savedCues(store).filter((c) => c.toLowerCase() !== trimmed.toLowerCase())].slice(
    0,
    MAX_CUES,
  );
  writeStored(store, CUES_KEY, next);
  return next;
}
