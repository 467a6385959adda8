// A form field: its label, the control, a help line and an error, wired together (the control is described
// by the help and the error, and marked invalid while there is one). The control is a render function given
// the ids and aria attributes to spread on it. A control that is not one element (a picker of chips) names
// itself from the label's id instead (`labelAs="span"`).
import { type ReactNode, useId } from 'react';
import { cx } from './class-names.js';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function Field({
  id: givenId,
  label,
  labelAs = 'label',
  help,
  error,
  className,
  children,
}: {
  /** The control's id (a generated one when not given); the label is `${id}-label`. */
  id?: string;
  label: ReactNode;
  labelAs?: 'label' | 'span';
  help?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('field', className)}>
      {labelAs === 'label' ? (
        <label htmlFor={id} id={`${id}-label`} className="field-label">
          {label}
        </label>
      ) : (
        <span id={`${id}-label`} className="field-label">
          {label}
        </span>
      )}
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {help ? (
        <p id={helpId} className="field-help">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
