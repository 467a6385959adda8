// The draft's revision history: each autosave and restore is a revision; pick one to see its text and
// restore it (the restore is itself a new revision, so it can be undone the same way).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Draft } from '../../../../src/contracts/drafts.js';
import { api } from '../../api.js';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';

export function HistoryPanel({
  draft,
  version,
  onRestored,
}: {
  draft: Draft;
  /** The version the editor's text is based on now. */
  version: () => number;
  onRestored: (draft: Draft) => void;
}) {
  const client = useQueryClient();
  const [picked, setPicked] = useState<number | undefined>();
  const revisions = useQuery({
    queryKey: ['revisions', draft.id, draft.version],
    queryFn: () => api.drafts.revisions(draft.id),
  });
  const restore = useMutation({
    mutationFn: (rev: number) => api.drafts.restoreRevision(draft.id, rev, { version: version() }),
    onSuccess: (saved) => {
      client.setQueryData(['draft', draft.id], saved);
      void client.invalidateQueries({ queryKey: ['drafts'] });
      onRestored(saved);
      setPicked(undefined);
    },
  });
  const shown = revisions.data?.items.find((r) => r.id === picked);
  return (
    <Card title="History" className="history">
      <ul className="revisions">
        {revisions.data?.items.map((rev) => (
          <li key={rev.id}>
            <Button
              variant="secondary"
              aria-pressed={rev.id === picked}
              onClick={() => setPicked(rev.id === picked ? undefined : rev.id)}
            >
              Version {rev.draft_version} · {new Date(rev.created_at).toLocaleString()}
            </Button>
          </li>
        ))}
      </ul>
      {shown ? (
        <figure className="revision-preview">
          <figcaption>Version {shown.draft_version}</figcaption>
          <blockquote>{shown.content || '(empty)'}</blockquote>
          <Button onClick={() => restore.mutate(shown.id)} disabled={restore.isPending}>
            Restore this version
          </Button>
        </figure>
      ) : null}
      {restore.error ? (
        <p role="alert" aria-live="polite" className="error">
          {(restore.error as Error).message}
        </p>
      ) : null}
    </Card>
  );
}
