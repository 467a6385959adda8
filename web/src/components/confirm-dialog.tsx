// A question before an action that cannot be taken back (an alert dialog: focus trapped inside, returned to
// the trigger on close; Escape or Cancel leaves everything as it was).
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '../ui/button.js';
import { Toolbar } from '../ui/toolbar.js';

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  danger = false,
  onConfirm,
  open,
  onOpenChange,
}: {
  /** The button that opens it. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's text. */
  confirm: ReactNode;
  danger?: boolean;
  onConfirm(): void;
  /** Set to hold the open state outside (to ask again after an answer); unset, the trigger alone opens it. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}) {
  return (
    <AlertDialog.Root {...(open === undefined ? {} : { open })} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          <Toolbar label="Dialog actions" end className="dialog-buttons">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button className={danger ? 'danger-solid' : undefined} onClick={onConfirm}>
                {confirm}
              </Button>
            </AlertDialog.Action>
          </Toolbar>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
