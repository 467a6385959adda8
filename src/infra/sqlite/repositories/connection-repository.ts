// Linked accounts (connections), account-scoped. The grant is stored only sealed by the SecretBox (its key
// lives in a file, never in the database); a grant that no longer opens marks its connection `error`.
import {
  CONNECTION_STATUSES,
  CONNECTOR_TYPES,
  type Connection,
  type ConnectionStatus,
  type ConnectorType,
} from '../../../contracts/connectors.js';
import { AppError } from '../../../core/errors.js';
import { type Clock, systemClock } from '../../../core/ports/clock.js';
import type { ConnectionStore, NewConnection, StoredGrant } from '../../../core/ports/connections.js';
import { type SecretBox, SecretBoxError } from '../../security/secret-box.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

interface Row {
  id: number;
  connector_type: string;
  account_email: string | null;
  display_name: string | null;
  status: string;
  metadata: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = [
  'id',
  'connector_type',
  'account_email',
  'display_name',
  'status',
  'metadata',
  'created_at',
  'updated_at',
] as const;

function corrupt(what: string): AppError {
  return new AppError('db_error', `stored connection ${what}`, { retryable: false });
}

function parseMetadata(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw corrupt('metadata is not a JSON object');
}

function toConnection(row: Row): Connection {
  if (!(CONNECTOR_TYPES as readonly string[]).includes(row.connector_type))
    throw corrupt(`type '${row.connector_type}' is unknown`);
  if (!(CONNECTION_STATUSES as readonly string[]).includes(row.status))
    throw corrupt(`status '${row.status}' is unknown`);
  return {
    id: row.id,
    connector_type: row.connector_type as ConnectorType,
    account_email: row.account_email,
    display_name: row.display_name,
    status: row.status as ConnectionStatus,
    metadata: parseMetadata(row.metadata),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class ConnectionRepository implements ConnectionStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
    private readonly box: SecretBox,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The sealed grant is bound to its account and connector type. */
  private context(connectorType: string): string {
    return `connection:${this.accountId}:${connectorType}`;
  }

  async list(connectorType: ConnectorType): Promise<Connection[]> {
    const rows = await this.database.db
      .selectFrom('connections')
      .select(COLUMNS)
      .where('account_id', '=', this.accountId)
      .where('connector_type', '=', connectorType)
      .orderBy('id')
      .execute();
    return rows.map(toConnection);
  }

  async get(id: number): Promise<Connection | undefined> {
    const row = await this.database.db
      .selectFrom('connections')
      .select(COLUMNS)
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toConnection(row) : undefined;
  }

  async create(input: NewConnection, at: Date): Promise<Connection> {
    const sealed = this.box.seal(this.sealedGrant(input.grant), this.context(input.connectorType));
    const now = toDbTimestamp(at);
    const row = await this.database.db
      .insertInto('connections')
      .values({
        account_id: this.accountId,
        connector_type: input.connectorType,
        account_email: input.accountEmail,
        display_name: input.displayName,
        encrypted_credentials: sealed,
        status: 'active',
        metadata: JSON.stringify(input.metadata),
        created_at: now,
        updated_at: now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toConnection(row);
  }

  async grant(id: number): Promise<StoredGrant> {
    const row = await this.database.db
      .selectFrom('connections')
      .select(['connector_type', 'encrypted_credentials'])
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', `connection ${id} does not exist`);
    try {
      if (!row.encrypted_credentials) throw new SecretBoxError('it has no stored credentials');
      const plain = this.box.open(row.encrypted_credentials, this.context(row.connector_type));
      const parsed = JSON.parse(plain) as { refresh_token?: unknown; origins?: unknown };
      if (typeof parsed.refresh_token !== 'string' || parsed.refresh_token === '')
        throw new SecretBoxError('its stored credentials hold no refresh token');
      const origins = parsed.origins;
      return {
        refreshToken: parsed.refresh_token,
        ...(origins && typeof origins === 'object' ? { origins: origins as Record<string, string> } : {}),
      };
    } catch (error) {
      const message = `connection ${id}: ${error instanceof Error ? error.message : String(error)}`;
      await this.setStatus(id, 'error', message, this.clock.now());
      throw new SecretBoxError(message, error);
    }
  }

  async bindOrigins(id: number, origins: Record<string, string>): Promise<void> {
    const row = await this.database.db
      .selectFrom('connections')
      .select(['connector_type'])
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return;
    const grant = await this.grant(id);
    await this.database.db
      .updateTable('connections')
      .set({
        encrypted_credentials: this.box.seal(
          this.sealedGrant({ ...grant, origins }),
          this.context(row.connector_type),
        ),
      })
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .execute();
  }

  private sealedGrant(grant: StoredGrant): string {
    return JSON.stringify({
      refresh_token: grant.refreshToken,
      ...(grant.origins ? { origins: grant.origins } : {}),
    });
  }

  async setStatus(id: number, status: ConnectionStatus, problem: string | null, at: Date): Promise<void> {
    const current = await this.get(id);
    if (!current) return;
    const { problem: _old, ...rest } = current.metadata;
    const metadata = problem === null ? rest : { ...rest, problem };
    await this.database.db
      .updateTable('connections')
      .set({ status, metadata: JSON.stringify(metadata), updated_at: toDbTimestamp(at) })
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .execute();
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.database.db
      .deleteFrom('connections')
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
