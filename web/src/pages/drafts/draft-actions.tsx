// What can be done to the open draft as a whole: archive (or restore from the archive), duplicate, and
// delete for good after a confirmation (an alert dialog: focus trapped inside, returned on close).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, Copy, Trash2 } from 'lucide-react';
import type { Draft } from '../../../../src/contracts/drafts.js';
import { api } from '../../api.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Button } from '../../ui/button.js';
import { Toolbar } from '../../ui/toolbar.js';
import { setParams } from './draft-rail.js';

export function DraftActions({ draft }: { draft: Draft }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['drafts'] });
  const archived = draft.group === 'archive';
  const archive = useMutation({
    mutationFn: () => (archived ? api.drafts.restore(draft.id) : api.drafts.archive(draft.id)),
    onSuccess: (saved) => {
      client.setQueryData(['draft', draft.id], saved);
      void refresh();
    },
  });
  const duplicate = useMutation({
    mutationFn: () => api.drafts.duplicate(draft.id),
    onSuccess: (copy) => {
      void refresh();
      setParams({ id: String(copy.id), group: undefined });
    },
  });
  const remove = useMutation({
    mutationFn: () => api.drafts.delete(draft.id),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['draft', draft.id] });
      void refresh();
      setParams({ id: undefined });
    },
  });
  const failed = archive.error ?? duplicate.error ?? remove.error;
  return (
    <Toolbar label="Draft actions" className="draft-actions">
      <Button
        variant="secondary"
        icon={Archive}
        onClick={() => archive.mutate()}
        disabled={archive.isPending}
      >
        {archived ? 'Restore' : 'Archive'}
      </Button>
      <Button
        variant="secondary"
        icon={Copy}
        onClick={() => duplicate.mutate()}
        disabled={duplicate.isPending}
      >
        Duplicate
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="danger" icon={Trash2}>
            Delete
          </Button>
        }
        title="Delete this draft?"
        description="The draft and its revision history are deleted for good. This cannot be undone."
        confirm="Delete draft"
        danger
        onConfirm={() => remove.mutate()}
      />
      {failed ? (
        <p role="alert" aria-live="polite" className="error">
          {(failed as Error).message}
        </p>
      ) : null}
    </Toolbar>
  );
}
