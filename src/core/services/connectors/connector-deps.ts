// What the connector use cases need: where connections are kept, the provider of the current connector
// settings, a clock, and the links started but not yet completed (in memory, single-use, 10 minutes).
import { AppError } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { ConnectionStore, LinkProvider } from '../../ports/connections.js';
import type { SettingsStore } from '../../ports/settings-store.js';

/** How long the state of a started link stays valid. */
export const LINK_TTL_MS = 10 * 60_000;
/** Started links kept at most (the oldest is dropped first): a flood of starts cannot grow memory. */
const MAX_PENDING = 100;

export interface ConnectorDeps {
  connections: ConnectionStore;
  /** The OAuth provider for the current `[connectors.cloud_drive]` settings, or the keys that are missing. */
  provider(): LinkProvider | { missing: string[] };
  /** Where the current settings send a linked account's tokens (by place: token, api, revoke). */
  origins(): Record<string, string>;
  clock: Clock;
  pending: PendingLinks;
  /** The config file as settings: a new connection is written into a drive source's `connection_id`. */
  settings?: SettingsStore;
  logger?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}

interface Pending {
  verifier: string;
  expiresAt: number;
}

/** Links waiting for their callback, by state. */
export class PendingLinks {
  private readonly links = new Map<string, Pending>();

  add(state: string, verifier: string, now: Date): void {
    this.purge(now);
    while (this.links.size >= MAX_PENDING) {
      const oldest = this.links.keys().next().value;
      if (oldest === undefined) break;
      this.links.delete(oldest);
    }
    this.links.set(state, { verifier, expiresAt: now.getTime() + LINK_TTL_MS });
  }

  /** The PKCE verifier of a live link, which is used up by asking (a state works once). */
  take(state: string, now: Date): string | undefined {
    const link = this.links.get(state);
    this.links.delete(state);
    return link && link.expiresAt > now.getTime() ? link.verifier : undefined;
  }

  /** Whether a live link handed out `state` (without using it up). */
  holds(state: string, now: Date): boolean {
    const link = this.links.get(state);
    return link !== undefined && link.expiresAt > now.getTime();
  }

  get size(): number {
    return this.links.size;
  }

  private purge(now: Date): void {
    for (const [state, link] of this.links) if (link.expiresAt <= now.getTime()) this.links.delete(state);
  }
}

/** The provider, or a validation error naming the connector keys to set. */
export function providerOf(deps: ConnectorDeps): LinkProvider {
  const provider = deps.provider();
  if ('missing' in provider) {
    throw new AppError(
      'validation_error',
      `linking a cloud drive needs the OAuth client: set [connectors.cloud_drive] client_id/client_secret (missing: ${provider.missing.join(', ')})`,
      { details: { missing: provider.missing.map((key) => `connectors.cloud_drive.${key}`) } },
    );
  }
  return provider;
}
