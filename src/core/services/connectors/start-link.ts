// Starts linking a cloud drive account: a consent URL with a PKCE challenge and a single-use state.
import { createHash, randomBytes } from 'node:crypto';
import type { LinkStart } from '../../../contracts/connectors.js';
import { AppError } from '../../errors.js';
import { type ConnectorDeps, providerOf } from './connector-deps.js';

export const LINK_CONFLICT_HINT = 'disconnect first or pass force=true';

/**
 * The URL of the provider's consent page and the state that brings the browser back to the callback.
 * Refuses (conflict) while an active connection exists, unless `force`.
 */
export async function startLink(deps: ConnectorDeps, input: { force?: boolean }): Promise<LinkStart> {
  const provider = providerOf(deps);
  if (!input.force) {
    const active = (await deps.connections.list('cloud_drive')).find((c) => c.status === 'active');
    if (active) {
      throw new AppError(
        'conflict',
        `a cloud drive account is already linked (connection ${active.id}${active.account_email ? `, ${active.account_email}` : ''}); ${LINK_CONFLICT_HINT}`,
        { retryable: false, details: { hint: LINK_CONFLICT_HINT, connection_id: active.id } },
      );
    }
  }
  const verifier = randomBytes(64).toString('hex');
  const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(32).toString('hex');
  deps.pending.add(state, verifier, deps.clock.now());
  return { authorization_url: provider.authorizationUrl({ state, codeChallenge }), state };
}
