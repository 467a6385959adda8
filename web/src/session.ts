// Who is signed in: GET /api/auth/status gives the CSRF token of the session cookie, or whether a
// passphrase exists yet (first run → the setup page).
import { api, setCsrfToken } from './api.js';

export interface AuthStatus {
  authenticated: boolean;
  passphrase_set?: boolean;
  csrf_token?: string;
}

export async function loadSession(): Promise<AuthStatus> {
  const status = await api<AuthStatus>('GET', '/api/auth/status');
  setCsrfToken(status.csrf_token);
  return status;
}

export async function signIn(path: '/api/auth/login' | '/api/auth/setup', passphrase: string): Promise<void> {
  const answer = await api<{ csrf_token: string }>('POST', path, { passphrase });
  setCsrfToken(answer.csrf_token);
}

export async function signOut(): Promise<void> {
  await api('POST', '/api/auth/logout', {});
  setCsrfToken(undefined);
}
