// The queue of one tab as a virtualized listbox: only the rows in view (plus a few) are in the page, so a
// thousand items scroll like ten. Rows have one height; the full item is shown beside the list.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Badge } from '../../ui/badge.js';
import { type ApprovalItem, sourceLabel } from './approvals-api.js';
import { formatTime } from './format.js';

const ROW_HEIGHT = 72;

export interface ApprovalListProps {
  label: string;
  items: ApprovalItem[];
  /** Items of the tab on the server (rows past the loaded ones show as placeholders). */
  total: number;
  selectedId: number | undefined;
  onSelect(id: number): void;
  /** Asked when the rows in view come near the end of the loaded items. */
  onNearEnd(): void;
  /** Arrow keys on the list: one item down (1) or up (-1). */
  onStep(step: number): void;
}

export const optionId = (id: number) => `approval-${id}`;

export function ApprovalList(props: ApprovalListProps) {
  const { label, items, total, selectedId, onSelect, onNearEnd, onStep } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const count = Math.max(total, items.length);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const rows = virtualizer.getVirtualItems();
  const lastInView = rows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (items.length < count && lastInView >= items.length - 20) onNearEnd();
  }, [lastInView, items.length, count, onNearEnd]);
  const selectedIndex = items.findIndex((item) => item.id === selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  return (
    <div
      ref={scroller}
      className="approval-scroll"
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={selectedIndex >= 0 ? optionId(selectedId ?? 0) : undefined}
      onKeyDown={(event) => {
        const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
        if (!step) return;
        event.preventDefault();
        onStep(step);
      }}
    >
      <div className="approval-rows" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const item = items[row.index];
          const style = { height: ROW_HEIGHT, transform: `translateY(${row.start}px)` };
          if (!item)
            return <div key={row.key} className="approval-row placeholder" style={style} aria-hidden />;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox takes the keys (j/k, arrows) for its options.
            <div
              key={item.id}
              id={optionId(item.id)}
              role="option"
              tabIndex={-1}
              aria-selected={item.id === selectedId}
              aria-setsize={count}
              aria-posinset={row.index + 1}
              className="approval-row"
              style={style}
              onClick={() => onSelect(item.id)}
            >
              <span className="approval-row-head">
                <span className="source">{sourceLabel(item.actor)}</span>
                <span>{item.action_type}</span>
                {item.target_author_username ? <span>to @{item.target_author_username}</span> : null}
                {item.score === null ? null : <span>score {Math.round(item.score)}</span>}
                {item.detected_risks.length > 0 ? (
                  <Badge tone="warn">
                    {item.detected_risks.length} {item.detected_risks.length === 1 ? 'risk' : 'risks'}
                  </Badge>
                ) : null}
                <span className="muted">{formatTime(item.created_at)}</span>
              </span>
              <span className="approval-row-text">{item.content || item.tool_name || item.action_type}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
