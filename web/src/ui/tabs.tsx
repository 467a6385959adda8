// Tabs over one panel: a tablist whose arrow keys move the selection (and focus) like a native tab strip,
// with only the selected tab in the Tab order. `panelId` is the tabpanel the tabs control.
import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

export function Tabs<T extends string>({
  label,
  items,
  selected,
  onSelect,
  panelId,
  idPrefix = 'tab',
  className,
}: {
  label: string;
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  panelId?: string;
  idPrefix?: string;
  className?: string;
}) {
  return (
    <div role="tablist" aria-label={label} className={className ? `tabs ${className}` : 'tabs'}>
      {items.map((item, index) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          id={`${idPrefix}-${item.id}`}
          aria-selected={item.id === selected}
          aria-controls={panelId}
          tabIndex={item.id === selected ? 0 : -1}
          className="btn tab"
          onClick={() => onSelect(item.id)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            event.preventDefault();
            const next = items[(index + step + items.length) % items.length] ?? item;
            onSelect(next.id);
            document.getElementById(`${idPrefix}-${next.id}`)?.focus();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
