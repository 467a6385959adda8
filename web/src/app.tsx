// The dashboard: who is signed in decides between the sign-in (or first-run) page and the shell; the
// URL decides the page, each loaded as its own chunk. Navigation lists only pages that exist.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, Plus } from 'lucide-react';
import { useEffect, useReducer, useState } from 'react';
import { SIGN_IN_PATHS } from '../../src/contracts/dashboard-routes.js';
import { whenUnauthenticated } from './api-request.js';
import { AccountSwitcher } from './components/account-switcher.js';
import { useNewDraft } from './components/use-new-draft.js';
import { PAGES, pageAt, type ShellPage } from './pages/registry.js';
import { useFirstRunRedirect } from './pages/welcome/first-run.js';
import { navigate, useLocation } from './router.js';
import { sessionQuery, signOut } from './session.js';
import { commandFor } from './shortcuts.js';
import { SignInPage } from './sign-in-page.js';
import { Button } from './ui/button.js';

/** Where to go after signing in: the `next` page of this app (any page of the shell), else Draft Studio. */
export function nextPage(): string {
  const next = new URLSearchParams(location.search).get('next');
  if (!next) return '/drafts';
  const url = new URL(next, location.origin);
  const page = url.origin === location.origin ? pageAt(url.pathname) : undefined;
  return page ? url.pathname + url.search : '/drafts';
}

/** The page once its chunk is loaded (nothing before: a few milliseconds), or why it could not be. */
function PageView({ page }: { page: ShellPage }) {
  const [failure, setFailure] = useState<{ page: ShellPage; message: string }>();
  const [, loadedNow] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (page.loaded()) return;
    let current = true;
    page.load().then(
      () => current && loadedNow(),
      (error: unknown) => current && setFailure({ page, message: (error as Error).message }),
    );
    return () => {
      current = false;
    };
  }, [page]);
  const Component = page.loaded();
  if (Component) return <Component />;
  if (failure?.page !== page) return null;
  return (
    <main>
      <p role="alert">
        This page could not be loaded ({failure.message}). <a href={location.href}>Reload</a>
      </p>
    </main>
  );
}

function Shell({ children, path }: { children: React.ReactNode; path: string }) {
  const client = useQueryClient();
  const newDraft = useNewDraft();
  useFirstRunRedirect(path);
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
          {PAGES.filter((page) => !page.hidden).map((page) => (
            <a
              key={page.path}
              href={page.path}
              aria-current={page.path === path ? 'page' : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                navigate(page.path);
              }}
            >
              {page.label}
            </a>
          ))}
        </nav>
        <AccountSwitcher />
        <Button icon={Plus} onClick={() => newDraft.mutate()} disabled={newDraft.isPending}>
          New draft
        </Button>
        <Button
          variant="secondary"
          icon={LogOut}
          onClick={async () => {
            await signOut();
            await client.invalidateQueries({ queryKey: ['session'] });
            navigate('/login', { replace: true });
          }}
        >
          Sign out
        </Button>
      </header>
      {children}
    </div>
  );
}

export function App() {
  const client = useQueryClient();
  const { path } = useLocation();
  const session = useQuery(sessionQuery);
  useEffect(() => {
    whenUnauthenticated(() => void client.invalidateQueries({ queryKey: ['session'] }));
  }, [client]);
  useEffect(() => {
    if (!session.data) return;
    const signedIn = session.data.authenticated;
    const signIn = SIGN_IN_PATHS.some((p) => p === path);
    if (!signedIn && !signIn) {
      // Back to the same page (and draft: its unsaved text waits in the offline copy) after signing in.
      const next = `?next=${encodeURIComponent(location.pathname + location.search)}`;
      navigate(session.data.passphrase_set === false ? '/setup' : `/login${next}`, { replace: true });
    } else if (signedIn && signIn) navigate(nextPage(), { replace: true });
  }, [session.data, path]);

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
  const page = pageAt(path);
  return (
    <Shell path={path}>
      {page ? (
        <PageView page={page} />
      ) : (
        <main className="not-found">
          <h1>No such page</h1>
          <p>
            <a href="/">Go to the home page</a>
          </p>
        </main>
      )}
    </Shell>
  );
}
