// A short status word beside a thing (scheduled, failed, 3 pending). Never the only carrier of meaning: its
// text is read out, its tone only colours it.
import type { ReactNode } from 'react';
import { cx } from './class-names.js';

export type BadgeTone = 'neutral' | 'accent' | 'warn' | 'danger' | 'success';

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return <span className={cx('pill', tone !== 'neutral' && `pill-${tone}`, className)}>{children}</span>;
}
