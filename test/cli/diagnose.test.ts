// `app test` reaches the LLM and the platform (fake servers over HTTP): a wrong base URL or key fails with
// the reason and exit 1, `--offline` contacts neither, and config warnings are shown in the report.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/wiring/create-app.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { refusedUrl } from '../support/refused-port.js';
import { runApp } from '../support/run-app.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let llm: FakeLlm;
let social: FakeSocial;
let home: TempHome;
beforeAll(async () => {
  [llm, social] = await Promise.all([startFakeLlm(), startFakeSocial()]);
});
afterAll(async () => {
  await Promise.all([llm.close(), social.close()]);
});
beforeEach(() => {
  llm.reset();
  home = createTempHome();
  storeFakeLogin(social, `${home.dir}/tokens.json`);
});
afterEach(() => home.cleanup());

function writeConfig(overrides: { llmBase?: string; apiBase?: string } = {}) {
  home.writeConfig(
    [
      '[business]',
      'product_name = "Acme"',
      'product_keywords = ["cli"]',
      '[llm]',
      'provider = "openai"',
      'api_key = "sk-test-123"',
      `base_url = "${overrides.llmBase ?? llm.openaiBaseUrl}"`,
      '[social_api]',
      'client_id = "test-client"',
      `api_base_url = "${overrides.apiBase ?? social.url}"`,
      `token_url = "${social.url}/2/oauth2/token"`,
    ].join('\n'),
  );
}

const line = (stdout: string, label: string) => stdout.split('\n').find((l) => l.includes(`] ${label}:`));
const meCalls = () => social.requests.filter((r) => r.path === '/2/users/me').length;

describe('app test', () => {
  it('reaches the LLM with one tiny request and the platform with GET /2/users/me', async () => {
    writeConfig();
    const before = meCalls();
    const result = await runApp(['test'], { env: home.env });
    expect(line(result.stdout, 'LLM')).toMatch(
      new RegExp(
        `^\\[ok  \\] LLM: openai answered at ${llm.openaiBaseUrl} \\(model gpt-4o-mini, \\d+ ms\\)$`,
      ),
    );
    expect(line(result.stdout, 'Platform API')).toBe(
      `[ok  ] Platform API: GET /2/users/me answered @app_owner (1000) at ${social.url}`,
    );
    expect(result.code).toBe(0);
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]?.maxTokens).toBeLessThanOrEqual(16);
    expect(meCalls()).toBe(before + 1);
  });

  it('a wrong LLM key or base URL fails with the reason (exit 1)', async () => {
    writeConfig();
    llm.script.acceptedKeys = ['sk-the-right-one'];
    const wrongKey = await runApp(['test'], { env: home.env });
    expect(wrongKey.code).toBe(1);
    expect(line(wrongKey.stdout, 'LLM')).toBe(
      `[FAIL] LLM: the openai provider rejected the API key (HTTP 401) (${llm.openaiBaseUrl})`,
    );

    const nowhere = refusedUrl('/v1');
    writeConfig({ llmBase: nowhere });
    const wrongUrl = await runApp(['test', '--format', 'json'], { env: home.env });
    expect(wrongUrl.code).toBe(1);
    const check = JSON.parse(wrongUrl.stdout).checks.find((c: { id: string }) => c.id === 'llm');
    expect(check.status).toBe('fail');
    expect(check.message).toContain('could not be reached');
    expect(check.message).toContain(nowhere);
  });

  it('a wrong platform base URL or a token the platform does not know fails with the reason', async () => {
    writeConfig({ apiBase: llm.url });
    const wrongUrl = await runApp(['test'], { env: home.env });
    expect(wrongUrl.code).toBe(1);
    expect(line(wrongUrl.stdout, 'Platform API')).toBe(
      `[FAIL] Platform API: not_found: GET /2/users/me: HTTP 404: Not Found (${llm.url})`,
    );

    writeConfig();
    // wall clock: the CLI under test reads the real clock: a login valid for the next hour
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    const tokens = { access_token: 'revoked', expires_at: expires, scopes: social.state.allScopes() };
    writeFileSync(`${home.dir}/tokens.json`, JSON.stringify(tokens), { mode: 0o600 });
    const revoked = await runApp(['test'], { env: home.env });
    expect(revoked.code).toBe(1);
    expect(line(revoked.stdout, 'Platform API')).toMatch(
      /^\[FAIL\] Platform API: social_auth_expired: GET \/2\/users\/me: HTTP 401.*; run `app auth`$/,
    );
  });

  it('--offline contacts neither', async () => {
    writeConfig({ llmBase: refusedUrl('/v1'), apiBase: refusedUrl() });
    const before = meCalls();
    const result = await runApp(['test', '--offline'], { env: home.env });
    expect(result.code).toBe(0);
    expect(line(result.stdout, 'LLM')).toBe('[ok  ] LLM: openai configured (not contacted: offline)');
    expect(line(result.stdout, 'Platform API')).toBe('[skip] Platform API: not contacted (offline)');
    expect(llm.calls).toHaveLength(0);
    expect(meCalls()).toBe(before);
  });

  it('shows config warnings, such as a policy entry that names no tool, with the nearest tool', async () => {
    writeConfig();
    const env = { ...home.env, APP_MCP_POLICY__BLOCKED_TOOLS: '["social_like_twet"]' };
    const result = await runApp(['test', '--offline'], { env });
    expect(result.code).toBe(0);
    expect(line(result.stdout, 'Configuration')).toBe(
      "[warn] Configuration: valid, 1 warning(s): warning: mcp_policy.blocked_tools[0]: 'social_like_twet' names no tool (did you mean social_like_tweet?); this entry has no effect (env APP_MCP_POLICY__BLOCKED_TOOLS)",
    );
  });

  it('shows the note sources as the service recorded them: per-file problems and a missing folder', async () => {
    const notes = mkdtempSync(join(tmpdir(), 'diagnose-notes-'));
    try {
      writeFileSync(join(notes, 'good.md'), '# Fine');
      writeFileSync(join(notes, 'latin1.md'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
      writeConfig();
      const sources = [
        '[[content_sources.sources]]',
        `path = "${notes}"`,
        '[[content_sources.sources]]',
        `path = "${join(notes, 'missing')}"`,
      ];
      writeFileSync(home.configPath, `${readFileSync(home.configPath, 'utf8')}\n${sources.join('\n')}\n`);
      const before = await runApp(['test', '--offline'], { env: home.env });
      expect(line(before.stdout, 'Content sources')).toBe(
        '[ok  ] Content sources: 2 configured, not run yet (`app serve` starts them)',
      );
      // The service runs its sources once (as `app serve` does), which records what it found.
      const loaded = loadConfig({ env: home.env });
      if (!loaded.config) throw new Error('config did not load');
      const app = await createApp({
        config: loaded.config,
        dataDir: home.dir,
        logger: createLogger({ level: 'silent' }),
        env: home.env,
      });
      await app.deps.sources.start(app.deps.config);
      await app.deps.sources.stop();
      await app.close();

      const result = await runApp(['test', '--offline'], { env: home.env });
      const shown = line(result.stdout, 'Content sources') ?? '';
      expect(shown).toMatch(/^\[warn\] Content sources: /);
      expect(shown).toContain(`${notes} (1 notes, synced `);
      expect(shown).toMatch(/1 problem\(s\): latin1\.md: [^|]*UTF-8/);
      expect(shown).toContain(
        `${join(notes, 'missing')} (error: the folder ${join(notes, 'missing')} does not exist)`,
      );
      // Source problems are warnings: the rest of the service works, so the run passes.
      expect(result.code).toBe(0);
    } finally {
      rmSync(notes, { recursive: true, force: true });
    }
  });
});
