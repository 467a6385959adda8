// The platform login as the dashboard runs it (OAuth 2.0 PKCE in a browser popup): start hands out the
// consent URL and keeps the verifier server-side; the browser comes back to the callback, which completes it.
import type { PlatformAuthStart, PlatformLogin } from '../../contracts/setup.js';

/** What the platform put on the callback URL. */
export interface PlatformCallback {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

export interface PlatformLink {
  /** The consent URL for `redirectUri`; the state is single use and lives 10 minutes. */
  start(input: { redirectUri: string }): Promise<PlatformAuthStart>;
  /** Exchanges the code of a live state and saves the tokens (0600); the state is spent either way. */
  complete(callback: PlatformCallback): Promise<{ user_id: string; username: string }>;
  /** Whether a live login of this link handed out `state` (the callback finds the account that started it). */
  holds(state: string): boolean;
  /** The saved login, as the setup status shows it. */
  status(): PlatformLogin;
}
