// The dashboard: who is signed in decides between the sign-in (or first-run) page and the shell; the
// URL decides the page. Navigation lists only pages that exist.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenUnauthenticated } from './api.js';
import { DraftsPage } from './pages/drafts-page.js';
import { SignInPage } from './pages/sign-in-page.js';
import { useNewDraft } from './pages/use-new-draft.js';
import { navigate, useLocation } from './router.js';
import { loadSession, signOut } from './session.js';
import { commandFor } from './shortcuts.js';

/** Where to go after signing in: the `next` page of this app, else Draft Studio. */
export function nextPage(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return next.startsWith('/drafts') ? next : '/drafts';
}

function Shell({ children }: { children: React.ReactNode }) {
  const client = useQueryClient();
  const newDraft = useNewDraft();
  // New draft's keys work on every page, with or without a draft open.
  const create = newDraft.mutate;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || commandFor(event, false)?.id !== 'compose.new') return;
      event.preventDefault();
      create(undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [create]);
  return (
    <div className="shell">
      <header className="top">
        <nav aria-label="Main">
          <a
            href="/drafts"
            onClick={(event) => {
              event.preventDefault();
              navigate('/drafts');
            }}
          >
            Drafts
          </a>
        </nav>
        <button type="button" onClick={() => newDraft.mutate()} disabled={newDraft.isPending}>
          New draft
        </button>
        <button
          type="button"
          className="quiet"
          onClick={async () => {
            await signOut();
            await client.invalidateQueries({ queryKey: ['session'] });
            navigate('/login', { replace: true });
          }}
        >
          Sign out
        </button>
      </header>
      {children}
    </div>
  );
}

export function App() {
  const client = useQueryClient();
  const { path } = useLocation();
  const homeDraft = useNewDraft({ replace: true });
  const session = useQuery({
    queryKey: ['session'],
    queryFn: loadSession,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    whenUnauthenticated(() => void client.invalidateQueries({ queryKey: ['session'] }));
  }, [client]);
  useEffect(() => {
    if (!session.data) return;
    const signedIn = session.data.authenticated;
    if (!signedIn && path !== '/login' && path !== '/setup') {
      // Back to the same draft after signing in (its unsaved text waits in the offline copy).
      const next =
        path === '/drafts' ? `?next=${encodeURIComponent(location.pathname + location.search)}` : '';
      navigate(session.data.passphrase_set === false ? '/setup' : `/login${next}`, { replace: true });
    } else if (signedIn && (path === '/login' || path === '/setup')) navigate(nextPage(), { replace: true });
    // The home page starts writing: a new server draft, opened in Draft Studio (spec).
    else if (signedIn && path === '/' && !homeDraft.isPending) homeDraft.mutate();
  }, [session.data, path, homeDraft]);

  if (session.isPending) return <p className="muted">Loading…</p>;
  if (session.error)
    return (
      <p role="alert" aria-live="polite">
        The server cannot be reached: {(session.error as Error).message}
      </p>
    );
  const refresh = () => client.refetchQueries({ queryKey: ['session'] });
  if (!session.data.authenticated)
    return <SignInPage firstRun={session.data.passphrase_set === false} onSignedIn={refresh} />;
  return <Shell>{path === '/drafts' ? <DraftsPage /> : <p className="muted">Loading…</p>}</Shell>;
}
