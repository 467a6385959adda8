// `app mcp setup` prints the HTTP registration beside stdio: the endpoint URL, the token from its own file
// (created 0600 on first use), and each client's snippet carrying the bearer header.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApp } from '../support/run-app.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

describe('app mcp setup over HTTP', () => {
  it('prints the URL, the token of mcp_token and the clients’ HTTP snippets', async () => {
    const env = { ...home.env, APP_MCP__HTTP_PORT: '4567' };
    const result = await runApp(['mcp', 'setup', '--non-interactive', '--profile', 'readonly'], { env });
    expect(result.code).toBe(0);
    const tokenPath = join(home.dir, 'mcp_token');
    const token = readFileSync(tokenPath, 'utf8').trim();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    expect(result.stdout).toContain('url: http://127.0.0.1:4567/mcp');
    expect(result.stdout).toContain(`token (${tokenPath}): ${token}`);
    expect(result.stdout).toMatch(/mcp serve --profile readonly --transport http/);
    expect(result.stdout).toContain(
      `claude mcp add --transport http app http://127.0.0.1:4567/mcp --header 'Authorization: Bearer ${token}'`,
    );
    const vscode = result.stdout.split('# vscode (HTTP):')[1]?.split('# codex (HTTP):')[0] ?? '';
    expect(JSON.parse(vscode.slice(vscode.indexOf('{')))).toEqual({
      servers: {
        app: {
          type: 'http',
          url: 'http://127.0.0.1:4567/mcp',
          headers: { Authorization: `Bearer ${token}` },
        },
      },
    });
    // A second run prints the same token (the file is kept).
    const again = await runApp(['mcp', 'setup', '--non-interactive'], { env });
    expect(again.stdout).toContain(`token (${tokenPath}): ${token}`);
  });
});
