// The tool server's HTTP bearer token (<data dir>/mcp_token): made the way the API token is (64 hex
// characters, 0600, created on first use) but its own file, so an agent's token cannot call the API.
import type { DataPaths } from '../infra/config/config-paths.js';
import { ensureApiToken, sameSecret } from '../infra/security/api-token.js';

/** The token in <data dir>/mcp_token, creating the file when it is missing or invalid. */
export function ensureMcpToken(paths: Pick<DataPaths, 'mcpTokenPath'>): string {
  return ensureApiToken(paths.mcpTokenPath);
}

/** Constant-time check of a presented token. */
export const sameToken = sameSecret;
