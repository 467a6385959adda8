// Draft Studio: the rail of drafts by group and the editor of the draft in the URL (`/drafts?id=42`).
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api-request.js';
import { useNewDraft } from '../../components/use-new-draft.js';
import { useLocation } from '../../router.js';
import { Button } from '../../ui/button.js';
import { EmptyState } from '../../ui/empty-state.js';
import { PageHeader } from '../../ui/page-header.js';
import { DraftRail } from './draft-rail.js';
import { Editor } from './editor.js';
import { draftIdOf, draftQuery } from './meta.js';

export default function DraftsPage() {
  const { params } = useLocation();
  const id = draftIdOf(params);
  const newDraft = useNewDraft();
  const draft = useQuery({ ...draftQuery(id ?? 0), enabled: id !== undefined });
  return (
    <div className="studio">
      <DraftRail selected={id} />
      <main className="workspace">
        <PageHeader title="Draft Studio" />
        {id === undefined ? (
          <EmptyState
            title="No draft open"
            action={
              <Button onClick={() => newDraft.mutate(undefined)} disabled={newDraft.isPending}>
                New draft
              </Button>
            }
          >
            Pick a draft, or start a new one.
          </EmptyState>
        ) : draft.error ? (
          <p role="alert" aria-live="polite">
            {draft.error instanceof ApiError && draft.error.status === 404
              ? 'This draft no longer exists.'
              : (draft.error as Error).message}
          </p>
        ) : draft.data ? (
          <Editor key={draft.data.id} draft={draft.data} />
        ) : (
          <p className="muted">Loading…</p>
        )}
      </main>
    </div>
  );
}
