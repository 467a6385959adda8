// A surface grouping one topic of a page (a panel of settings, a figure, a post of a feed). With a title it is
// a labelled region, so a screen reader can jump to it; `headingId` fixes its heading's id when a contents
// list links to it. Without a title it takes the element that fits (`as`: an article for a post) and the
// attributes that name it.
import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from './class-names.js';

export function Card({
  title,
  headingId,
  as: Tag = 'div',
  className,
  children,
  ...rest
}: {
  title?: ReactNode;
  headingId?: string;
  as?: 'div' | 'article' | 'section';
  className?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'title' | 'className' | 'children'>) {
  const generated = useId();
  const id = headingId ?? generated;
  if (title === undefined)
    return (
      <Tag className={cx('card-surface', className)} {...rest}>
        {children}
      </Tag>
    );
  return (
    <section className={cx('card-surface', className)} aria-labelledby={id} {...rest}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
