// One catalog of the editor's commands: the key handlers, the command palette and the shortcut help all
// read it. Chrome never delivers Ctrl+Shift+N / Ctrl+Shift+T to a tab and Firefox keeps Ctrl+Shift+P, so
// each of those has an alternate chord a normal tab receives (design note); both are shown. Firefox keeps
// Ctrl+Shift+H (its history library), so revision history has one too. Fifteen commands: the palette's.

export type Category = 'Mode' | 'Compose' | 'AI' | 'Thread';

export interface Chord {
  /** Ctrl on Windows/Linux, Cmd on macOS. */
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
  /** `KeyboardEvent.key`, compared case-insensitively. */
  key: string;
  /** A key with no modifier: it only counts while no text field has the focus (typing "n" types an n). */
  bare?: boolean;
}

export interface CommandSpec {
  id: string;
  label: string;
  category: Category;
  chords: Chord[];
  /** Only offered in thread mode. */
  threadOnly?: boolean;
}

export const COMMANDS: readonly CommandSpec[] = [
  {
    id: 'mode.post',
    label: 'Post mode',
    category: 'Mode',
    chords: [
      { mod: true, shift: true, key: 'n' },
      { alt: true, shift: true, key: 'n' },
    ],
  },
  {
    id: 'mode.thread',
    label: 'Thread mode',
    category: 'Mode',
    chords: [
      { mod: true, shift: true, key: 't' },
      { alt: true, shift: true, key: 't' },
    ],
  },
  {
    id: 'compose.new',
    label: 'New draft',
    category: 'Compose',
    chords: [
      { key: 'n', bare: true },
      { alt: true, shift: true, key: 'd' },
    ],
  },
  { id: 'compose.publish', label: 'Publish now', category: 'Compose', chords: [{ mod: true, key: 'Enter' }] },
  {
    id: 'compose.focus',
    label: 'Focus mode',
    category: 'Compose',
    chords: [{ mod: true, shift: true, key: 'f' }],
  },
  {
    id: 'compose.preview',
    label: 'Show or hide the preview',
    category: 'Compose',
    chords: [
      { mod: true, shift: true, key: 'p' },
      { alt: true, shift: true, key: 'p' },
    ],
  },
  {
    id: 'compose.inspector',
    label: 'Show or hide the inspector',
    category: 'Compose',
    chords: [{ mod: true, key: 'i' }],
  },
  {
    id: 'compose.history',
    label: 'Show or hide revision history',
    category: 'Compose',
    chords: [
      { mod: true, shift: true, key: 'h' },
      { alt: true, shift: true, key: 'h' },
    ],
  },
  { id: 'ai.improve', label: 'Improve with AI', category: 'AI', chords: [{ mod: true, key: 'j' }] },
  {
    id: 'thread.add',
    label: 'Add post after this one',
    category: 'Thread',
    chords: [{ mod: true, shift: true, key: 'Enter' }],
    threadOnly: true,
  },
  {
    id: 'thread.up',
    label: 'Move post up',
    category: 'Thread',
    chords: [{ alt: true, key: 'ArrowUp' }],
    threadOnly: true,
  },
  {
    id: 'thread.down',
    label: 'Move post down',
    category: 'Thread',
    chords: [{ alt: true, key: 'ArrowDown' }],
    threadOnly: true,
  },
  {
    id: 'thread.split',
    label: 'Split post at cursor',
    category: 'Thread',
    chords: [{ mod: true, shift: true, key: 's' }],
    threadOnly: true,
  },
  {
    id: 'thread.merge',
    label: 'Merge with next post',
    category: 'Thread',
    chords: [{ mod: true, shift: true, key: 'm' }],
    threadOnly: true,
  },
  {
    id: 'thread.duplicate',
    label: 'Duplicate post',
    category: 'Thread',
    chords: [{ mod: true, key: 'd' }],
    threadOnly: true,
  },
];

export const PALETTE_CHORD: Chord = { mod: true, key: 'k' };

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'> & {
  isComposing?: boolean;
  target?: EventTarget | null;
};

/** Whether typing there writes text (a bare-key shortcut must leave it alone). */
function inTextField(target: EventTarget | null | undefined): boolean {
  const element = target as
    | { tagName?: string; isContentEditable?: boolean; type?: string }
    | null
    | undefined;
  if (!element?.tagName) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  return (
    tag === 'input' &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'file'].includes(element.type ?? '')
  );
}

/** Whether a key event is the chord (Ctrl or Cmd for `mod`; no extra modifiers; never while composing). */
export function matches(event: KeyLike, chord: Chord): boolean {
  if (event.isComposing) return false;
  if (chord.bare && inTextField(event.target)) return false;
  const mod = event.ctrlKey || event.metaKey;
  return (
    mod === Boolean(chord.mod) &&
    event.shiftKey === Boolean(chord.shift) &&
    event.altKey === Boolean(chord.alt) &&
    event.key.toLowerCase() === chord.key.toLowerCase()
  );
}

/** The command a key event runs, if any (thread-only commands only in thread mode). */
export function commandFor(event: KeyLike, threadMode: boolean): CommandSpec | undefined {
  return COMMANDS.find(
    (c) => (threadMode || !c.threadOnly) && c.chords.some((chord) => matches(event, chord)),
  );
}

const ARROWS: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓' };

/** `Ctrl+Shift+N` (or `⌘⇧N` on macOS). */
export function chordLabel(chord: Chord, mac: boolean): string {
  const key = ARROWS[chord.key] ?? (chord.key.length === 1 ? chord.key.toUpperCase() : chord.key);
  if (mac) return `${chord.mod ? '⌘' : ''}${chord.alt ? '⌥' : ''}${chord.shift ? '⇧' : ''}${key}`;
  return [chord.mod ? 'Ctrl' : '', chord.alt ? 'Alt' : '', chord.shift ? 'Shift' : '', key]
    .filter(Boolean)
    .join('+');
}
