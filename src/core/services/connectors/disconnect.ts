// Unlinks a cloud drive account: its token is revoked at the provider (best effort) and the connection
// deleted. Sources that still name its id report that it no longer exists.
import type { Disconnected } from '../../../contracts/connectors.js';
import { AppError } from '../../errors.js';
import type { ConnectorDeps } from './connector-deps.js';

export async function disconnect(deps: ConnectorDeps, id: number): Promise<Disconnected> {
  const connection = await deps.connections.get(id);
  if (connection?.connector_type !== 'cloud_drive')
    throw new AppError('not_found', `cloud drive connection ${id} does not exist`);
  try {
    const provider = deps.provider();
    if (!('missing' in provider)) {
      const { refreshToken } = await deps.connections.grant(id);
      await provider.revoke(refreshToken);
    }
  } catch (error) {
    // Revocation is a courtesy: an expired grant, a lost key or an unreachable provider must not keep a
    // connection the user wants gone.
    deps.logger?.warn({ err: error, connection: id }, 'cloud drive: revoking the token failed');
  }
  await deps.connections.remove(id);
  return { disconnected: true, id };
}
