// Completes a link when the browser returns from the consent page: the code is exchanged (with the
// link's PKCE verifier), the account's email read, and the refresh token stored encrypted.
import type { Connection } from '../../../contracts/connectors.js';
import { AppError } from '../../errors.js';
import { type ConnectorDeps, providerOf } from './connector-deps.js';

/** What the browser brings back from the consent page: a code, or the provider's refusal (`error`). */
export interface LinkCallback {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/**
 * Stores the linked account and answers its connection (its `id` is the source's `connection_id`).
 * An unknown, used or expired state is a validation error; nothing is exchanged for it. Whatever comes
 * back with a state uses it up, a refusal too (as the platform login does): a state works once.
 */
export async function completeLink(deps: ConnectorDeps, input: LinkCallback): Promise<Connection> {
  const verifier = input.state ? deps.pending.take(input.state, deps.clock.now()) : undefined;
  if (input.error !== undefined) {
    const why = input.error_description ? `: ${input.error_description}` : '';
    throw new AppError(
      'validation_error',
      `the cloud drive did not grant access (${input.error}${why}); start linking again`,
    );
  }
  if (!input.code || !input.state) {
    throw new AppError('validation_error', 'the callback needs one code and one state');
  }
  if (!verifier) {
    throw new AppError(
      'validation_error',
      'unknown or expired link state: a link is valid for 10 minutes and completes once; start linking again',
    );
  }
  const provider = providerOf(deps);
  const grant = await provider.exchangeCode({ code: input.code, codeVerifier: verifier });
  if (!grant.refreshToken) {
    throw new AppError(
      'social_api_error',
      'the drive granted no refresh token (offline access); remove the app from the Google account and link again',
      { retryable: false },
    );
  }
  // The email only labels the connection: a provider that will not say keeps the link working.
  let account: { email: string | null; name: string | null } = { email: null, name: null };
  try {
    account = await provider.account(grant.accessToken);
  } catch (error) {
    deps.logger?.warn({ err: error }, 'cloud drive: could not read the linked account');
  }
  const now = deps.clock.now();
  return deps.connections.create(
    {
      connectorType: 'cloud_drive',
      accountEmail: account.email,
      displayName: account.name ?? account.email,
      // Linked here: the only origins its token will be sent to.
      grant: { refreshToken: grant.refreshToken, origins: deps.origins() },
      metadata: { scope: grant.scope, linked_at: now.toISOString() },
    },
    now,
  );
}
