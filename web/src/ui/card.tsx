// A surface grouping one topic of a page (a panel of settings, a figure, a list). With a title it is a
// labelled region, so a screen reader can jump to it.
import { type ReactNode, useId } from 'react';
import { cx } from './class-names.js';

export function Card({
  title,
  className,
  children,
}: {
  title?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  if (title === undefined) return <div className={cx('card-surface', className)}>{children}</div>;
  return (
    <section className={cx('card-surface', className)} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
