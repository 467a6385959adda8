// A row of actions that wraps instead of overflowing or overlapping on a narrow screen. A named group (not
// ARIA's toolbar role, which would promise arrow-key navigation between its buttons), or a navigation
// landmark when its buttons move through pages (`as="nav"`).
import type { ReactNode } from 'react';
import { cx } from './class-names.js';

export function Toolbar({
  label,
  as = 'group',
  end = false,
  className,
  children,
}: {
  label: string;
  as?: 'group' | 'nav';
  /** Actions aligned to the end of the row. */
  end?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classes = cx('toolbar', end && 'toolbar-end', className);
  if (as === 'nav')
    return (
      <nav aria-label={label} className={classes}>
        {children}
      </nav>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a border and a legend; a group with a name is what is meant.
    <div role="group" aria-label={label} className={classes}>
      {children}
    </div>
  );
}
