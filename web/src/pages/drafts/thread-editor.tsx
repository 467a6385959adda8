// Thread mode: one card per post (thread-card.tsx), with the card actions as buttons and as keys, and
// drag and drop (dnd-kit) to reorder: Alt+↑/↓ reorder, Ctrl/Cmd+D duplicate, Ctrl/Cmd+Shift+S split at the cursor, Ctrl/Cmd+Shift+M merge
// with the next card, Ctrl/Cmd+Shift+Enter new card after, Backspace at the start merges into the previous
// card, Tab / Shift+Tab next / previous card (Tab on the last card leaves the lane). Keys are ignored while
// an input method is composing. Media travels with its card (core/domain/thread-cards.ts).
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type KeyboardEvent, type RefObject, useEffect, useImperativeHandle, useRef } from 'react';
import type { ThreadBlock } from '../../../../src/contracts/content.js';
import {
  duplicateCard,
  insertCardAfter,
  mergeWithNext,
  moveCard,
  moveCardTo,
  removeCard,
  splitCard,
} from '../../../../src/core/domain/thread-cards.js';
import { commandFor } from '../../shortcuts.js';
import { Button } from '../../ui/button.js';
import { MediaSlot, pasteFiles } from './media-slot.js';
import { ThreadCard } from './thread-card.js';

const newId = () => crypto.randomUUID();

/** Runs a `thread.*` command of the catalog on the card last focused (the command palette uses it). */
export interface ThreadCommands {
  run(commandId: string): void;
}

export function ThreadEditor({
  cards,
  onChange,
  commands,
  onFocusCard,
}: {
  cards: ThreadBlock[];
  onChange: (cards: ThreadBlock[]) => void;
  commands?: RefObject<ThreadCommands | null>;
  /** A card's text took the focus (Improve follows it). */
  onFocusCard?: (id: string) => void;
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
    } else if (id === 'thread.up' || id === 'thread.down') {
      const delta = id === 'thread.up' ? -1 : 1;
      apply(moveCard(cards, index, delta), { id: card.id, at: cursor });
      last.current = { index: Math.max(0, Math.min(cards.length - 1, index + delta)), cursor };
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
    else if (
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

  const position = (id: unknown) => cards.findIndex((card) => card.id === id);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = position(active.id);
    const to = over ? position(over.id) : -1;
    if (from !== to && to >= 0) apply(moveCardTo(cards, from, to));
  };
  // What a screen reader hears while a card is dragged: post numbers, never the cards' internal ids.
  const post = (id: unknown) => `post ${position(id) + 1}`;
  type Moved = { active: { id: unknown }; over: { id: unknown } | null };
  const announcements = {
    onDragStart: ({ active }: { active: { id: unknown } }) => `Picked up ${post(active.id)}.`,
    onDragOver: ({ active, over }: Moved) =>
      over && over.id !== active.id
        ? `Moving ${post(active.id)} to position ${position(over.id) + 1}.`
        : undefined,
    onDragEnd: ({ active, over }: Moved) =>
      over ? `Dropped ${post(active.id)} at position ${position(over.id) + 1}.` : undefined,
    onDragCancel: ({ active }: { active: { id: unknown } }) => `Moving ${post(active.id)} cancelled.`,
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a post, press Space or Enter on its handle, move it with the arrow keys, and press Space or Enter again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={cards.map((card) => card.id)} strategy={verticalListSortingStrategy}>
        <ol className="cards" aria-label="Thread cards">
          {cards.map((card, index) => (
            <ThreadCard
              key={card.id}
              card={card}
              index={index}
              count={cards.length}
              area={(element) => {
                if (element) areas.current.set(card.id, element);
                else areas.current.delete(card.id);
              }}
              media={
                <MediaSlot
                  label={`post ${index + 1}`}
                  media={card.media_paths}
                  onChange={(media) =>
                    onChange(cards.map((c) => (c.id === card.id ? { ...c, media_paths: media } : c)))
                  }
                  registerPaste={(add) => pasters.current.set(card.id, add)}
                />
              }
              onText={(text) => onChange(cards.map((c) => (c.id === card.id ? { ...c, text } : c)))}
              onKey={(event) => onKey(event, index)}
              onPaste={(event) => pasteFiles(event, pasters.current.get(card.id))}
              onCaret={(cursor) => {
                last.current = { index, cursor };
              }}
              onFocusText={() => onFocusCard?.(card.id)}
              onMove={(delta) => apply(moveCard(cards, index, delta))}
              onRemove={() => apply(removeCard(cards, index))}
            />
          ))}
          <li>
            <Button
              variant="secondary"
              onClick={() => {
                const next = insertCardAfter(cards, cards.length - 1, newId);
                apply(next, { id: next.at(-1)?.id ?? '', at: 0 });
              }}
            >
              Add post
            </Button>
          </li>
        </ol>
      </SortableContext>
    </DndContext>
  );
}
