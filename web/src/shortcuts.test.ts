import { describe, expect, it } from 'vitest';
import { COMMANDS, chordLabel, commandFor, matches } from './shortcuts.js';

const key = (
  k: string,
  mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean; composing?: boolean } = {},
) => ({
  key: k,
  ctrlKey: Boolean(mods.ctrl),
  metaKey: Boolean(mods.meta),
  shiftKey: Boolean(mods.shift),
  altKey: Boolean(mods.alt),
  isComposing: Boolean(mods.composing),
});

describe('shortcut catalog', () => {
  it('Ctrl or Cmd is the modifier; extra modifiers or a composing input method never match', () => {
    expect(matches(key('K', { ctrl: true }), { mod: true, key: 'k' })).toBe(true);
    expect(matches(key('k', { meta: true }), { mod: true, key: 'k' })).toBe(true);
    expect(matches(key('k', { ctrl: true, shift: true }), { mod: true, key: 'k' })).toBe(false);
    expect(matches(key('k', { ctrl: true, composing: true }), { mod: true, key: 'k' })).toBe(false);
    expect(matches(key('k'), { mod: true, key: 'k' })).toBe(false);
  });

  it('browser-reserved chords have an alternate that a tab receives; thread commands only in thread mode', () => {
    expect(commandFor(key('N', { ctrl: true, shift: true }), false)?.id).toBe('mode.post');
    expect(commandFor(key('N', { alt: true, shift: true }), false)?.id).toBe('mode.post');
    expect(commandFor(key('T', { alt: true, shift: true }), false)?.id).toBe('mode.thread');
    expect(commandFor(key('d', { ctrl: true }), false)).toBeUndefined();
    expect(commandFor(key('d', { ctrl: true }), true)?.id).toBe('thread.duplicate');
    for (const id of ['mode.post', 'mode.thread']) {
      expect(COMMANDS.find((c) => c.id === id)?.chords.some((c) => c.alt && !c.mod)).toBe(true);
    }
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
  });

  it('fifteen commands in Mode, Compose, AI and Thread; history and card moves have their chords', () => {
    const per = (category: string) => COMMANDS.filter((c) => c.category === category).length;
    expect(COMMANDS).toHaveLength(15);
    expect([per('Mode'), per('Compose'), per('AI'), per('Thread')]).toEqual([2, 6, 1, 6]);
    expect(COMMANDS.filter((c) => c.category === 'Thread').every((c) => c.threadOnly)).toBe(true);
    expect(commandFor(key('H', { meta: true, shift: true }), false)?.id).toBe('compose.history');
    expect(commandFor(key('H', { alt: true, shift: true }), false)?.id).toBe('compose.history');
    expect(commandFor(key('ArrowUp', { alt: true }), true)?.id).toBe('thread.up');
    expect(commandFor(key('ArrowDown', { alt: true }), true)?.id).toBe('thread.down');
    expect(commandFor(key('ArrowDown', { alt: true }), false)).toBeUndefined();
  });

  it('a bare key (N for a new draft) counts outside text fields only', () => {
    const at = (tagName: string, type?: string) => ({
      ...key('n'),
      target: { tagName, type } as unknown as EventTarget,
    });
    expect(commandFor(key('n'), false)?.id).toBe('compose.new');
    expect(commandFor(at('BUTTON'), false)?.id).toBe('compose.new');
    expect(commandFor(at('INPUT', 'checkbox'), false)?.id).toBe('compose.new');
    expect(commandFor(at('TEXTAREA'), false)).toBeUndefined();
    expect(commandFor(at('INPUT', 'text'), false)).toBeUndefined();
    expect(commandFor(at('SELECT'), false)).toBeUndefined();
    expect(
      commandFor(
        { ...key('n'), target: { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget },
        false,
      ),
    ).toBeUndefined();
    expect(commandFor(key('n', { ctrl: true }), false)).toBeUndefined();
    expect(commandFor(key('n', { shift: true }), false)).toBeUndefined();
  });

  it('labels chords for each platform', () => {
    expect(chordLabel({ alt: true, key: 'ArrowUp' }, false)).toBe('Alt+↑');
    expect(chordLabel({ alt: true, key: 'ArrowDown' }, true)).toBe('⌥↓');
    expect(chordLabel({ mod: true, shift: true, key: 'n' }, false)).toBe('Ctrl+Shift+N');
    expect(chordLabel({ mod: true, shift: true, key: 'n' }, true)).toBe('⌘⇧N');
    expect(chordLabel({ mod: true, key: 'Enter' }, false)).toBe('Ctrl+Enter');
  });
});
