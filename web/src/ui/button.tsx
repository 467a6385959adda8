// The dashboard's buttons. Button carries text (an icon may lead it); IconButton carries only an icon, so it
// must be given the name people and screen readers know it by: `label` becomes its aria-label and tooltip.
import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './class-names.js';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-solid';

interface Common extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  type?: 'button' | 'submit' | 'reset';
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  type = 'button',
  icon: Icon,
  className,
  children,
  ...rest
}: Common & { icon?: LucideIcon; children: ReactNode }) {
  return (
    <button
      type={type}
      className={cx('btn', `btn-${variant}`, size === 'sm' && 'btn-sm', className)}
      {...rest}
    >
      {Icon ? <Icon aria-hidden="true" size={size === 'sm' ? 14 : 16} /> : null}
      {children}
    </button>
  );
}

export function IconButton({
  label,
  icon: Icon,
  variant = 'secondary',
  size = 'md',
  type = 'button',
  className,
  ...rest
}: Common & { label: string; icon: LucideIcon; children?: never }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx('btn', 'btn-icon', `btn-${variant}`, size === 'sm' && 'btn-sm', className)}
      {...rest}
    >
      <Icon aria-hidden="true" size={size === 'sm' ? 14 : 18} />
    </button>
  );
}
