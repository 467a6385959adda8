// The linked cloud drive accounts, as the connector status shows them (never their credentials).
import type { ConnectionList } from '../../../contracts/connectors.js';
import type { ConnectorDeps } from './connector-deps.js';

export async function listConnections(deps: ConnectorDeps): Promise<ConnectionList> {
  return { connections: await deps.connections.list('cloud_drive') };
}
