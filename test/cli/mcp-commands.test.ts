// `app mcp manifest` and `app mcp setup` as a user runs them; `app mcp serve` with a broken config.
// (Serving over stdio is covered end to end in test/mcp/stdio-e2e.test.ts.)
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApp, spawnApp } from '../support/run-app.js';
import { ScriptedPrompter } from '../support/scripted-prompter.js';
import { APP_BIN } from '../support/stdio-tool-server.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

describe('app mcp manifest', () => {
  it('prints the JSON manifest of a profile', async () => {
    const result = await runApp(['mcp', 'manifest', '--profile', 'api-readonly'], { env: home.env });
    expect(result.code).toBe(0);
    const manifest = JSON.parse(result.stdout);
    expect(manifest).toMatchObject({ profile: 'api-readonly', tool_count: 45, mcp_schema_version: '1.2' });
    expect(manifest.tools.every((t: { mutation: boolean }) => !t.mutation)).toBe(true);
  });

  it('prints a table, defaulting to the write profile', async () => {
    const result = await runApp(['mcp', 'manifest', '--format', 'table'], { env: home.env });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('profile write: 112 tools (38 mutations)');
    expect(lines).toHaveLength(2 + 112);
    expect(result.stdout).toMatch(
      /^social_like_tweet\s+engage\s+workflow\s+M\s+S-D\s+gateway\s+write,admin$/m,
    );
  });

  it('refuses an unknown profile with a usage error', async () => {
    const result = await runApp(['mcp', 'manifest', '--profile', 'everything'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('everything');
  });
});

describe('app mcp setup', () => {
  it('without a terminal: reports what is missing and prints every client snippet', async () => {
    const result = spawnApp(['mcp', 'setup', '--profile', 'readonly'], home.env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('config: none at');
    expect(result.stdout).toContain('platform login: none; run `app auth`');
    for (const client of ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'codex'])
      expect(result.stdout).toContain(`# ${client}:`);
    // No `app` on PATH (a checkout): node and the bin by absolute path, which work from any directory.
    expect(result.stdout).toContain(
      `claude mcp add app -e APP_HOME=${home.dir} -- ${process.execPath} ${APP_BIN} mcp serve --profile readonly`,
    );
    const desktop = result.stdout.split('# claude-desktop:')[1]?.split('# claude-code:')[0] ?? '';
    const json = JSON.parse(desktop.slice(desktop.indexOf('{')));
    expect(json.mcpServers.app).toEqual({
      command: process.execPath,
      args: [APP_BIN, 'mcp', 'serve', '--profile', 'readonly'],
      env: { APP_HOME: home.dir },
    });
    const version = execFileSync(json.mcpServers.app.command, [APP_BIN, '--version'], { cwd: tmpdir() });
    expect(version.toString()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('prints plain `app` when PATH finds this package (a global install), with -c made absolute', () => {
    const global = join(home.dir, 'global-bin');
    mkdirSync(global);
    symlinkSync(APP_BIN, join(global, 'app'));
    writeFileSync(join(home.dir, 'my.toml'), '');
    const env = { ...home.env, PATH: `${global}${delimiter}${process.env.PATH ?? ''}` };
    const result = spawnApp(['-c', 'my.toml', 'mcp', 'setup', '--client', 'claude-code'], env, home.dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `claude mcp add app -e APP_HOME=${home.dir} -- app -c ${join(home.dir, 'my.toml')} mcp serve --profile write`,
    );
  });

  it('on a terminal: asks for the profile and prints the chosen client snippet', async () => {
    writeFileSync(
      join(home.dir, 'config.toml'),
      '[business]\nproduct_name = "Acme"\nproduct_keywords = ["rust"]\n[social_api]\nclient_id = "abc"\n',
    );
    const prompter = new ScriptedPrompter([
      { ask: /platform login/, answer: false },
      { ask: /Tool profile/, answer: 'admin' },
    ]);
    const result = await runApp(['mcp', 'setup', '--client', 'codex'], { env: home.env, prompter });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`config: ${join(home.dir, 'config.toml')}`);
    expect(result.stdout).toContain('quickstart fields missing: llm.provider');
    expect(result.stdout).toContain('[mcp_servers.app]');
    expect(result.stdout).toContain(`command = ${JSON.stringify(process.execPath)}`);
    expect(result.stdout).toContain(
      `args = ${JSON.stringify([APP_BIN, 'mcp', 'serve', '--profile', 'admin'])}`,
    );
    expect(result.stdout).not.toContain('# cursor:');
    expect(prompter.remaining).toBe(0);
  });
});

describe('app mcp serve', () => {
  it('logs a policy entry that names no tool, with the nearest tool, on stderr', () => {
    // stdin is closed: the server starts, logs, and stops at once.
    const result = spawnApp(['mcp', 'serve'], { ...home.env, APP_MCP_POLICY__BLOCKED_TOOLS: 'like_twet' });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      "warning: mcp_policy.blocked_tools[0]: 'like_twet' names no tool (did you mean like_tweet?); this entry has no effect (env APP_MCP_POLICY__BLOCKED_TOOLS)",
    );
  });

  it('a broken config exits 2 naming the key, with the setup hint', () => {
    const result = spawnApp(['mcp', 'serve'], { ...home.env, APP_LIMITS__MAX_REPLIES_PER_DAY: 'many' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('APP_LIMITS__MAX_REPLIES_PER_DAY');
    expect(result.stderr).toContain('app mcp setup');
  });
});
