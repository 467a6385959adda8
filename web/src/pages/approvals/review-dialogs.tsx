// The two confirmations of the Approvals page: rejecting an item (with the note kept on it) and approving
// every pending item up to the server's batch cap.

import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Button } from '../../ui/button.js';
import { Toolbar } from '../../ui/toolbar.js';

export function RejectDialog({
  itemId,
  open,
  onOpenChange,
  onReject,
}: {
  itemId: number | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
  onReject(note: string): void;
}) {
  const [note, setNote] = useState('');
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setNote('');
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              onReject(note.trim());
              setNote('');
            }}
          >
            <Dialog.Title>Reject item {itemId}?</Dialog.Title>
            <Dialog.Description>
              It will not be posted. The note is kept with the item (and on its draft, if it has one).
              Ctrl+Enter rejects.
            </Dialog.Description>
            <label className="approval-field">
              Note (why it was rejected)
              <textarea
                value={note}
                rows={3}
                onChange={(event) => setNote(event.target.value)}
                onKeyDown={(event) => {
                  // Ctrl/Cmd+Enter rejects from the note (Enter alone is a new line).
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
              />
            </label>
            <Toolbar label="Dialog actions" end className="dialog-buttons">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button variant="danger-solid" type="submit">
                Reject item
              </Button>
            </Toolbar>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ApproveAllButton({
  pending,
  cap,
  busy,
  onConfirm,
}: {
  pending: number;
  cap: number | null;
  busy: boolean;
  onConfirm(): void;
}) {
  const batch = cap === null ? pending : Math.min(pending, cap);
  return (
    <ConfirmDialog
      trigger={
        <Button disabled={pending === 0 || busy}>
          {cap === null ? 'Approve all' : `Approve all (up to ${cap})`}
        </Button>
      }
      title={`Approve ${batch} of ${pending} pending ${pending === 1 ? 'item' : 'items'}?`}
      description={`${
        cap !== null && pending > cap
          ? `At most ${cap} at a time (max_batch_approve), oldest first; the rest keep waiting. `
          : 'Oldest first. '
      }Each one passes the safety rules on its own; posts go out through the posting queue.`}
      confirm={`Approve ${batch}`}
      onConfirm={onConfirm}
    />
  );
}
