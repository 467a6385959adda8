// The cloud drive connector as one object for the faces: start and complete a link, list and disconnect
// linked accounts. Writing a new connection's id into a source's `connection_id` is the settings' job.
import type { Connection, ConnectionList, Disconnected, LinkStart } from '../../../contracts/connectors.js';
import { completeLink } from './complete-link.js';
import type { ConnectorDeps } from './connector-deps.js';
import { disconnect } from './disconnect.js';
import { listConnections } from './list-connections.js';
import { startLink } from './start-link.js';

export interface CloudDriveConnector {
  /** The provider's consent URL and the link's state (conflict while a connection is active, unless force). */
  startLink(input: { force?: boolean }): Promise<LinkStart>;
  /** The browser came back with `code` and `state`: the new connection. */
  completeLink(input: { code: string; state: string }): Promise<Connection>;
  status(): Promise<ConnectionList>;
  disconnect(id: number): Promise<Disconnected>;
}

export function createCloudDriveConnector(deps: ConnectorDeps): CloudDriveConnector {
  return {
    startLink: (input) => startLink(deps, input),
    completeLink: (input) => completeLink(deps, input),
    status: () => listConnections(deps),
    disconnect: (id) => disconnect(deps, id),
  };
}
