// The dashboard's first requests, started while the rest of the bundle (React DOM, the shell) is still being
// evaluated: main.tsx imports this module first, and ES modules run in import order. The session check,
// the page's chunk and the data its first screen needs go out side by side, not each after the render that
// asks for it (session → shell → page → its reads was three round trips in a row).
import { QueryClient } from '@tanstack/react-query';
import { pageAt } from './pages/registry.js';
import { sessionQuery } from './session.js';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

void queryClient.prefetchQuery(sessionQuery);
const page = pageAt(location.pathname);
page?.load().catch(() => undefined);
page?.prefetch?.(queryClient, new URLSearchParams(location.search));
