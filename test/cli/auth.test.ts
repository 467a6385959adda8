// `app auth` end to end against the fake platform: PKCE login through the local callback, tokens saved
// 0600 with expiry and scopes, partial grants reported, then `app test` reading the result.
import { statSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUESTED_SCOPES } from '../../src/core/domain/scopes.js';
import { runCli } from '../../src/surfaces/cli/run-cli.js';
import { ScriptedPrompter } from '../support/scripted-prompter.js';
import { type SocialHarness, startSocialHarness } from '../support/social-harness.js';

let h: SocialHarness;
let port: number;
beforeAll(async () => {
  h = await startSocialHarness();
  port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  h.fake.state.registerClient({
    clientId: 'test-client',
    redirectUris: [`http://127.0.0.1:${port}/callback`],
  });
});
beforeEach(() => {
  h.fake.state.setConsent('allow');
  h.fake.state.setGrantedScopes(null);
  const url = h.fake.url;
  h.home.writeConfig(
    [
      '[social_api]',
      'client_id = "test-client"',
      `api_base_url = "${url}"`,
      `upload_base_url = "${url}"`,
      `authorize_url = "${url}/i/oauth2/authorize"`,
      `token_url = "${url}/2/oauth2/token"`,
      '[auth]',
      `callback_port = ${port}`,
      '[business]',
      'product_name = "Acme"',
      'product_keywords = ["cli"]',
      '[llm]',
      'provider = "ollama"',
    ].join('\n'),
  );
});
afterAll(() => h.close());

/** Runs `app` in-process; a "browser" follows the printed authorization URL like a user would. */
async function run(args: string[], options: { prompter?: ScriptedPrompter; browser?: boolean } = {}) {
  let stdout = '';
  let stderr = '';
  let visited: Promise<Response> | undefined;
  const code = await runCli(args, {
    stdout: {
      write: (text: string) => {
        stdout += text;
        const url = /(http:\/\/127\.0\.0\.1:\d+\/i\/oauth2\/authorize\S+)/.exec(text)?.[1];
        if (url && options.browser !== false) visited = fetch(url);
      },
    },
    stderr: { write: (text: string) => (stderr += text) },
    env: h.home.env,
    interactive: Boolean(options.prompter),
    prompter: options.prompter,
  });
  return { code, stdout, stderr, page: await visited };
}

describe('app auth', () => {
  it('logs in with PKCE through the local callback and saves tokens 0600 with expiry and every scope', async () => {
    const result = await run(['auth', '--no-browser']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Logged in as @app_owner (1000)');
    expect(await result.page?.text()).toContain('Logged in. You can close this window');
    const tokensPath = `${h.home.dir}/tokens.json`;
    expect(statSync(tokensPath).mode & 0o777).toBe(0o600);
    const status = await run(['test', '--offline', '--format', 'json']);
    const report = JSON.parse(status.stdout);
    expect(report.auth).toMatchObject({ token_valid: true, dm_scopes_granted: true, missing_scopes: [] });
    expect([...report.auth.granted_scopes].sort()).toEqual([...REQUESTED_SCOPES].sort());
    expect(report.auth.expires_in_seconds).toBeGreaterThan(7000);
    const authorize = h.fake.requests.find((r) => r.path === '/i/oauth2/authorize');
    expect(String(authorize?.query.code_challenge_method)).toBe('S256');
    expect(String(authorize?.query.scope).split(' ')).toEqual(
      expect.arrayContaining(['dm.read', 'dm.write', 'offline.access']),
    );
  });

  it('reports scopes the user did not grant and the tool groups that lose out', async () => {
    h.fake.state.setGrantedScopes(REQUESTED_SCOPES.filter((s) => !s.startsWith('dm.')));
    const result = await run(['auth', '--no-browser']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Not granted: dm.read, dm.write. Degraded: Direct messages.');
    const status = await run(['test', '--offline']);
    expect(status.stdout).toContain('[warn] Scopes: missing dm.read, dm.write; degraded: Direct messages');
  });

  it('a denied consent fails with a clear message and keeps the previous tokens', async () => {
    await run(['auth', '--no-browser']);
    const { readFileSync } = await import('node:fs');
    const before = readFileSync(`${h.home.dir}/tokens.json`, 'utf8');
    h.fake.state.setConsent('deny');
    const result = await run(['auth', '--no-browser']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('access_denied');
    expect(readFileSync(`${h.home.dir}/tokens.json`, 'utf8')).toBe(before);
  });

  it('manual mode takes the pasted redirect URL (for machines without a browser)', async () => {
    let authorizeUrl = '';
    const prompter = new ScriptedPrompter([{ ask: /Redirected URL/, answer: '' }]);
    const original = prompter.text.bind(prompter);
    prompter.text = async (question) => {
      await original(question);
      const response = await fetch(authorizeUrl, { redirect: 'manual' });
      return response.headers.get('location') ?? '';
    };
    const result = await runCli(['auth', '--manual'], {
      stdout: {
        write: (text: string) => {
          authorizeUrl ||= /(http:\/\/127\.0\.0\.1:\d+\/i\/oauth2\/authorize\S+)/.exec(text)?.[1] ?? '';
        },
      },
      stderr: { write: () => {} },
      env: h.home.env,
      interactive: true,
      prompter,
    });
    expect(result).toBe(0);
    expect(authorizeUrl).toContain('code_challenge=');
  });

  it('without a client id it explains what to set (exit 1, no stack trace)', async () => {
    h.home.writeConfig('[business]\nproduct_name = "A"\n');
    const result = await run(['auth', '--no-browser']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('social_api.client_id is not set');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
