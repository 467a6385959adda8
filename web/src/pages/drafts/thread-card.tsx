// One card of the thread editor: the drag handle (dnd-kit: pointer, touch and keyboard — Space picks the
// card up, arrows move it, Space drops), the textarea, the media slot and the card's bar (counter, move up
// and down, remove).
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ClipboardEvent, KeyboardEvent, ReactNode } from 'react';
import type { ThreadBlock } from '../../../../src/contracts/content.js';
import { weightedLength } from '../../../../src/core/domain/weighted-length.js';
import { OverLimit } from '../../components/over-limit.js';

export function ThreadCard({
  card,
  index,
  count,
  area,
  media,
  onText,
  onKey,
  onPaste,
  onCaret,
  onMove,
  onRemove,
}: {
  card: ThreadBlock;
  index: number;
  count: number;
  area: (element: HTMLTextAreaElement | null) => void;
  media: ReactNode;
  onText: (text: string) => void;
  onKey: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  onCaret: (cursor: number) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const sortable = useSortable({ id: card.id });
  const length = weightedLength(card.text);
  const number = index + 1;
  return (
    <li
      ref={sortable.setNodeRef}
      className={sortable.isDragging ? 'card dragging' : 'card'}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      <div className="card-head">
        <button
          type="button"
          className="quiet handle"
          ref={sortable.setActivatorNodeRef}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Drag post ${number}`}
        >
          ⠿
        </button>
        <label htmlFor={`card-${card.id}`} className="label">
          {`Post ${number} of ${count}`}
        </label>
      </div>
      <textarea
        id={`card-${card.id}`}
        ref={area}
        value={card.text}
        rows={4}
        onKeyDown={onKey}
        onPaste={onPaste}
        onSelect={(event) => onCaret(event.currentTarget.selectionStart)}
        onFocus={(event) => onCaret(event.currentTarget.selectionStart)}
        onChange={(event) => onText(event.target.value)}
      />
      {media}
      <OverLimit length={length} what={`Post ${number}`} />
      <div className="card-bar">
        {card.media_paths.length > 0 ? <span className="muted">{card.media_paths.length} media</span> : null}
        <span className={length > 280 ? 'counter over' : 'counter'} aria-live="polite">
          {length} / 280
        </span>
        <button
          type="button"
          className="quiet"
          aria-label={`Move post ${number} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="quiet"
          aria-label={`Move post ${number} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
        <button
          type="button"
          className="quiet"
          aria-label={`Remove post ${number}`}
          disabled={count <= 1}
          onClick={onRemove}
        >
          ✕
        </button>
      </div>
    </li>
  );
}
