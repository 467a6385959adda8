// The offline copy of a draft being typed (`app:compose:draft`): written only while the server cannot take
// the content, keyed by draft id inside the value (it can never be applied to another draft), kept 7 days,
// offered (never applied silently) when that draft opens again, and cleared only once the server has it.

import type { ThreadBlock } from '../../../../src/contracts/content.js';
import { readStored, removeStored, type Store, writeStored } from '../../stored-value.js';

export const RECOVERY_KEY = 'app:compose:draft';
export const RECOVERY_TTL_MS = 7 * 86_400_000;

export interface RecoveryCopy {
  draftId: number;
  /** A post's text (for a thread: its cards as one text, `blocks` holds the cards). */
  content: string;
  blocks?: ThreadBlock[];
  /** The server version the text was based on. */
  version: number;
  savedAt: number;
}

export function keepCopy(store: Store, copy: RecoveryCopy): void {
  writeStored(store, RECOVERY_KEY, copy);
}

/** The copy for this draft, if one is there and not older than 7 days (an expired one is removed). */
export function copyFor(store: Store, draftId: number, now: number): RecoveryCopy | undefined {
  const copy = readStored(store, RECOVERY_KEY) as RecoveryCopy | null | undefined;
  if (!copy || typeof copy.content !== 'string' || typeof copy.draftId !== 'number') return undefined;
  if (now - copy.savedAt > RECOVERY_TTL_MS) {
    removeStored(store, RECOVERY_KEY);
    return undefined;
  }
  return copy.draftId === draftId ? copy : undefined;
}

/** The server has this draft's content now: its copy (and only its) goes. */
export function clearCopy(store: Store, draftId: number): void {
  const copy = readStored(store, RECOVERY_KEY) as RecoveryCopy | null | undefined;
  if (copy === undefined || copy?.draftId === draftId) removeStored(store, RECOVERY_KEY);
}
