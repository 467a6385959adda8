// Who is signed in: the auth status route gives the CSRF token of the session cookie, or whether a
// passphrase exists yet (first run → the setup page). Sign-in routes are bespoke (not operations).
import { queryOptions } from '@tanstack/react-query';
import { request, setCsrfToken } from './api-request.js';
import { AUTH_ROUTES } from './bespoke-routes.js';

export interface AuthStatus {
  authenticated: boolean;
  passphrase_set?: boolean;
  csrf_token?: string;
}

export async function loadSession(): Promise<AuthStatus> {
  const status = await request<AuthStatus>('GET', AUTH_ROUTES.status);
  setCsrfToken(status.csrf_token);
  return status;
}

/** Asked once (sign-in and sign-out refetch it); the boot starts it before the app's first render. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: loadSession,
  staleTime: Number.POSITIVE_INFINITY,
});

/** `login` with the passphrase, or `setup` to choose it on the first run. */
export async function signIn(route: 'login' | 'setup', passphrase: string): Promise<void> {
  const answer = await request<{ csrf_token: string }>('POST', AUTH_ROUTES[route], { passphrase });
  setCsrfToken(answer.csrf_token);
}

export async function signOut(): Promise<void> {
  await request('POST', AUTH_ROUTES.logout, {});
  setCsrfToken(undefined);
}
