// A question before an action that cannot be taken back (an alert dialog: focus trapped inside, returned to
// the trigger on close; Escape or Cancel leaves everything as it was).
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '../ui/button.js';

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  danger = false,
  onConfirm,
}: {
  /** The button that opens it. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's text. */
  confirm: ReactNode;
  danger?: boolean;
  onConfirm(): void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          <div className="dialog-buttons">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button className={danger ? 'danger-solid' : undefined} onClick={onConfirm}>
                {confirm}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
