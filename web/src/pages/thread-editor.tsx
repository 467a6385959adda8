// Thread mode: one card per post (textarea, weighted counter), with the card actions as buttons and as
// keys: Alt+↑/↓ reorder, Ctrl/Cmd+D duplicate, Ctrl/Cmd+Shift+S split at the cursor, Ctrl/Cmd+Shift+M merge
// with the next card, Ctrl/Cmd+Shift+Enter new card after, Backspace at the start merges into the previous
// card, Tab / Shift+Tab next / previous card (Tab on the last card leaves the lane). Keys are ignored while
// an input method is composing. Media travels with its card (core/domain/thread-cards.ts).
import { type KeyboardEvent, type RefObject, useEffect, useImperativeHandle, useRef } from 'react';
import type { ThreadBlock } from '../../../src/contracts/content.js';
import {
  duplicateCard,
  insertCardAfter,
  mergeWithNext,
  moveCard,
  removeCard,
  splitCard,
} from '../../../src/core/domain/thread-cards.js';
import { weightedLength } from '../../../src/core/domain/weighted-length.js';
import { commandFor } from '../shortcuts.js';
import { MediaSlot, pasteFiles } from './media-slot.js';

const newId = () => crypto.randomUUID();

/** Runs a `thread.*` command of the catalog on the card last focused (the command palette uses it). */
export interface ThreadCommands {
  run(commandId: string): void;
}

export function ThreadEditor({
  cards,
  onChange,
  commands,
}: {
  cards: ThreadBlock[];
  onChange: (cards: ThreadBlock[]) => void;
  commands?: RefObject<ThreadCommands | null>;
}) {
  const last = useRef({ index: 0, cursor: 0 });
  const pasters = useRef(new Map<string, (files: File[]) => void>());
  const areas = useRef(new Map<string, HTMLTextAreaElement>());
  // Where the caret goes after an operation re-renders the cards.
  const focusNext = useRef<{ id: string; at: number } | undefined>(undefined);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = undefined;
    const area = areas.current.get(target.id);
    area?.focus();
    area?.setSelectionRange(target.at, target.at);
  });

  const apply = (next: ThreadBlock[], focus?: { id: string; at: number }) => {
    focusNext.current = focus;
    onChange(next);
  };

  /** A catalog command on the card at `index` with the caret at `cursor`; false when it is not one. */
  function runCommand(id: string, index: number, cursor: number): boolean {
    const card = cards[index];
    if (!card) return false;
    if (id === 'thread.duplicate') {
      const next = duplicateCard(cards, index, newId);
      apply(next, { id: next[index + 1]?.id ?? card.id, at: 0 });
    } else if (id === 'thread.split') {
      const next = splitCard(cards, index, cursor, newId);
      apply(next, { id: next[index + 1]?.id ?? card.id, at: 0 });
    } else if (id === 'thread.merge') {
      apply(mergeWithNext(cards, index), { id: card.id, at: card.text.length });
    } else if (id === 'thread.add') {
      const next = insertCardAfter(cards, index, newId);
      apply(next, { id: next[index + 1]?.id ?? card.id, at: 0 });
    } else return false;
    return true;
  }
  useImperativeHandle(commands, () => ({
    run: (id) => void runCommand(id, Math.min(last.current.index, cards.length - 1), last.current.cursor),
  }));

  function onKey(event: KeyboardEvent<HTMLTextAreaElement>, index: number) {
    if (event.nativeEvent.isComposing) return;
    const card = cards[index];
    if (!card) return;
    const cursor = event.currentTarget.selectionStart;
    const command = commandFor(event, true);
    let handled = true;
    if (command?.category === 'Thread') runCommand(command.id, index, cursor);
    else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      apply(moveCard(cards, index, event.key === 'ArrowUp' ? -1 : 1), { id: card.id, at: cursor });
    } else if (
      event.key === 'Backspace' &&
      cursor === 0 &&
      event.currentTarget.selectionEnd === 0 &&
      index > 0
    ) {
      const previous = cards[index - 1] as ThreadBlock;
      const joint =
        previous.text === '' || card.text === '' ? previous.text.length : previous.text.length + 1;
      apply(mergeWithNext(cards, index - 1), { id: previous.id, at: joint });
    } else if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const to = cards[index + (event.shiftKey ? -1 : 1)];
      if (to) areas.current.get(to.id)?.focus();
      else handled = false;
    } else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  return (
    <ol className="cards" aria-label="Thread cards">
      {cards.map((card, index) => {
        const length = weightedLength(card.text);
        const label = `Post ${index + 1} of ${cards.length}`;
        return (
          <li key={card.id} className="card">
            <label htmlFor={`card-${card.id}`} className="label">
              {label}
            </label>
            <textarea
              id={`card-${card.id}`}
              ref={(element) => {
                if (element) areas.current.set(card.id, element);
                else areas.current.delete(card.id);
              }}
              value={card.text}
              rows={4}
              onKeyDown={(event) => onKey(event, index)}
              onPaste={(event) => pasteFiles(event, pasters.current.get(card.id))}
              onSelect={(event) => {
                last.current = { index, cursor: event.currentTarget.selectionStart };
              }}
              onFocus={(event) => {
                last.current = { index, cursor: event.currentTarget.selectionStart };
              }}
              onChange={(event) =>
                onChange(cards.map((c) => (c.id === card.id ? { ...c, text: event.target.value } : c)))
              }
            />
            <MediaSlot
              label={`post ${index + 1}`}
              media={card.media_paths}
              onChange={(media) =>
                onChange(cards.map((c) => (c.id === card.id ? { ...c, media_paths: media } : c)))
              }
              registerPaste={(add) => pasters.current.set(card.id, add)}
            />
            <div className="card-bar">
              {card.media_paths.length > 0 ? (
                <span className="muted">{card.media_paths.length} media</span>
              ) : null}
              <span className={length > 280 ? 'counter over' : 'counter'} aria-live="polite">
                {length} / 280
              </span>
              <button
                type="button"
                className="quiet"
                aria-label={`Move post ${index + 1} up`}
                disabled={index === 0}
                onClick={() => apply(moveCard(cards, index, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="quiet"
                aria-label={`Move post ${index + 1} down`}
                disabled={index === cards.length - 1}
                onClick={() => apply(moveCard(cards, index, 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="quiet"
                aria-label={`Remove post ${index + 1}`}
                disabled={cards.length <= 1}
                onClick={() => apply(removeCard(cards, index))}
              >
                ✕
              </button>
            </div>
          </li>
        );
      })}
      <li>
        <button
          type="button"
          className="quiet"
          onClick={() => {
            const next = insertCardAfter(cards, cards.length - 1, newId);
            apply(next, { id: next.at(-1)?.id ?? '', at: 0 });
          }}
        >
          Add post
        </button>
      </li>
    </ol>
  );
}
