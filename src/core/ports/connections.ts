// Linked accounts of remote note sources: where they are kept (credentials only ever encrypted) and the
// provider side of linking one (OAuth 2.0 authorization code with PKCE, the account's email, revocation).
import type { Connection, ConnectionStatus, ConnectorType } from '../../contracts/connectors.js';

/** What a connection keeps to act for the account: only the refresh token (access tokens live in memory). */
export interface StoredGrant {
  refreshToken: string;
  /** Where the grant may be sent (origins by place: token, api, revoke); absent on links from before. */
  origins?: Record<string, string>;
}

export interface NewConnection {
  connectorType: ConnectorType;
  accountEmail: string | null;
  displayName: string | null;
  grant: StoredGrant;
  metadata: Record<string, unknown>;
}

export interface ConnectionStore {
  list(connectorType: ConnectorType): Promise<Connection[]>;
  get(id: number): Promise<Connection | undefined>;
  /** Stores a new connection, its grant encrypted. */
  create(input: NewConnection, at: Date): Promise<Connection>;
  /**
   * The decrypted grant. Throws not_found for an unknown id; when the credentials cannot be decrypted
   * (key file missing or replaced) the connection is marked `error` with the reason, and that is thrown.
   */
  grant(id: number): Promise<StoredGrant>;
  /** Records where a grant from before origins were kept may be sent (the config in force at its first use). */
  bindOrigins(id: number, origins: Record<string, string>): Promise<void>;
  /** `problem` says why it is not active (kept in `metadata.problem`); null clears it. */
  setStatus(id: number, status: ConnectionStatus, problem: string | null, at: Date): Promise<void>;
  remove(id: number): Promise<boolean>;
}

export interface ExchangedGrant {
  accessToken: string;
  /** Absent when the provider did not grant offline access. */
  refreshToken?: string;
  scope: string;
}

/** The provider's side of a link, for the current connector settings. */
export interface LinkProvider {
  /** The consent page URL (S256 challenge, offline access, consent prompt). */
  authorizationUrl(input: { state: string; codeChallenge: string }): string;
  exchangeCode(input: { code: string; codeVerifier: string }): Promise<ExchangedGrant>;
  /** Who consented (OpenID userinfo). */
  account(accessToken: string): Promise<{ email: string | null; name: string | null }>;
  /** Revokes a token at the provider; throws on failure (callers treat it as best effort). */
  revoke(token: string): Promise<void>;
}
