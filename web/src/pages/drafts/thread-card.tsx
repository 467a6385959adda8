// One card of the thread editor: the drag handle (dnd-kit: pointer, touch and keyboard — Space picks the
// card up, arrows move it, Space drops), the textarea, the media slot and the card's bar (counter, move up
// and down, remove).
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import type { ClipboardEvent, KeyboardEvent, ReactNode } from 'react';
import type { ThreadBlock } from '../../../../src/contracts/content.js';
import { weightedLength } from '../../../../src/core/domain/weighted-length.js';
import { OverLimit } from '../../components/over-limit.js';
import { IconButton } from '../../ui/button.js';
import { Toolbar } from '../../ui/toolbar.js';

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
  onFocusText,
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
  onFocusText?: () => void;
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
        <IconButton
          className="handle"
          variant="ghost"
          size="sm"
          icon={GripVertical}
          ref={sortable.setActivatorNodeRef}
          {...sortable.attributes}
          {...sortable.listeners}
          label={`Drag post ${number}`}
        />
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
        onFocus={(event) => {
          onCaret(event.currentTarget.selectionStart);
          onFocusText?.();
        }}
        onChange={(event) => onText(event.target.value)}
      />
      {media}
      <OverLimit length={length} what={`Post ${number}`} />
      <Toolbar label={`Post ${number} actions`} end className="card-bar">
        {card.media_paths.length > 0 ? <span className="muted">{card.media_paths.length} media</span> : null}
        <span className={length > 280 ? 'counter over' : 'counter'} aria-live="polite">
          {length} / 280
        </span>
        <IconButton
          size="sm"
          icon={ArrowUp}
          label={`Move post ${number} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        />
        <IconButton
          size="sm"
          icon={ArrowDown}
          label={`Move post ${number} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        />
        <IconButton
          size="sm"
          icon={Trash2}
          label={`Remove post ${number}`}
          disabled={count <= 1}
          onClick={onRemove}
        />
      </Toolbar>
    </li>
  );
}
