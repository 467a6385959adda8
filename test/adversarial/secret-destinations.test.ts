// A holder of the API token (or a dashboard session) cannot send the service's stored secrets anywhere
// else: the built server over the fake platform and the fake LLM, with a listener on another port that
// records every request whole. Neither test-llm, a PATCH, an assist call nor a restart after a PATCH puts
// the stored LLM key, the client secret or the platform's tokens in front of it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredTokens } from '../../src/contracts/platform-tokens.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type CaptureListener, startCaptureListener } from '../support/capture-listener.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const LLM_KEY = 'sk-stored-llm-5e5e5e';
const CLIENT_SECRET = 'cs-stored-platform-6f6f6f';

let fake: FakeSocial;
let llm: FakeLlm;
let other: CaptureListener;
let home: TempHome;
let server: ServeProcess;
let tokens: StoredTokens;
let apiToken: string;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered.
  return { status: response.status, json: (await response.json()) as any };
}

/** None of the stored secrets ever reached the other listener. */
function nothingLeaked(): void {
  for (const secret of [LLM_KEY, CLIENT_SECRET, tokens.access_token, tokens.refresh_token ?? 'x'])
    expect(other.saw(secret), `the listener saw ${secret.slice(0, 12)}…`).toBe(false);
}

beforeAll(async () => {
  fake = await startFakeSocial();
  llm = await startFakeLlm();
  other = await startCaptureListener();
  home = createTempHome();
  prepareFakeHome(home, fake, [
    '[llm]',
    'provider = "openai"',
    `api_key = "${LLM_KEY}"`,
    `base_url = "${llm.openaiBaseUrl}"`,
    '[business]',
    'product_name = "Queuebird"',
    'product_keywords = ["sqlite"]',
  ]);
  tokens = JSON.parse(readFileSync(`${home.dir}/tokens.json`, 'utf8')) as StoredTokens;
  server = await serve(home.env);
  apiToken = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
}, 60_000);
afterAll(async () => {
  if (server) await killHard(server);
  await Promise.all([fake?.close(), llm?.close(), other?.close()]);
  home?.cleanup();
});

describe('stored secrets go only where they were stored', () => {
  it('test-llm never sends the stored key to another endpoint; a key given in the request goes there alone', async () => {
    for (const body of [
      { base_url: `${other.url}/v1` },
      { provider: 'anthropic', base_url: `${other.url}/v1` },
    ]) {
      const refused = await call('POST', '/api/settings/test-llm', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.error).toMatchObject({ code: 'validation_error' });
      expect(refused.json.error.message).toMatch(
        /the stored key is only ever sent to http:\/\/127\.0\.0\.1:\d+/,
      );
    }
    expect(other.requests).toEqual([]);
    // Ollama needs no key: it is tried without the stored one.
    const keyless = await call('POST', '/api/settings/test-llm', {
      provider: 'ollama',
      base_url: `${other.url}/v1`,
    });
    expect(keyless.json).toMatchObject({ ok: false });
    expect(other.requests.length).toBeGreaterThan(0);
    // A key given for the other endpoint goes there; the stored one still only to its own.
    const given = await call('POST', '/api/settings/test-llm', {
      base_url: `${other.url}/v1`,
      api_key: 'sk-given-for-the-other',
    });
    expect(given.json).toMatchObject({ ok: false });
    expect(other.saw('sk-given-for-the-other')).toBe(true);
    const stored = await call('POST', '/api/settings/test-llm', {});
    expect(stored.json).toMatchObject({ ok: true });
    expect(llm.calls.at(-1)?.apiKey).toBe(LLM_KEY);
    nothingLeaked();
  });

  it('PATCH cannot point the stored LLM key elsewhere: refused with the way out, the file untouched, assist unmoved', async () => {
    const before = readFileSync(home.configPath, 'utf8');
    // Another endpoint, or none (the provider's default, https://api.openai.com).
    for (const change of [{ set: { 'llm.base_url': `${other.url}/v1` } }, { unset: ['llm.base_url'] }]) {
      const refused = await call('PATCH', '/api/settings', change);
      expect(refused.status).toBe(400);
      const issue = refused.json.error.details.issues[0];
      expect(issue.key).toBe('llm.base_url');
      expect(issue.message).toMatch(/the LLM key is only ever sent to http:\/\/127\.0\.0\.1:\d+/);
      expect(issue.message).toContain('"unset": ["llm.api_key"]');
    }
    expect(readFileSync(home.configPath, 'utf8')).toBe(before);
    const assisted = await call('POST', '/api/assist/tweet', { topic: 'sqlite queues' });
    expect(assisted.status).toBe(200);
    expect(llm.calls.at(-1)?.apiKey).toBe(LLM_KEY);

    // Removing the key in the same change is the other way: then nothing is sent anywhere with it.
    const moved = await call('PATCH', '/api/settings', {
      set: { 'llm.base_url': `${other.url}/v1` },
      unset: ['llm.api_key'],
    });
    expect(moved.status).toBe(200);
    const keyless = await call('POST', '/api/assist/tweet', { topic: 'sqlite queues' });
    expect(keyless.json.error).toMatchObject({ code: 'llm_not_configured' });
    nothingLeaked();
    // Back as it was, the key given with its endpoint.
    const back = await call('PATCH', '/api/settings', {
      set: { 'llm.base_url': llm.openaiBaseUrl, 'llm.api_key': LLM_KEY },
    });
    expect(back.status).toBe(200);
  });

  it('the platform client secret: its token endpoint moves only with the secret in the same change', async () => {
    expect(
      (await call('PATCH', '/api/settings', { set: { 'social_api.client_secret': CLIENT_SECRET } })).status,
    ).toBe(200);
    const refused = await call('PATCH', '/api/settings', {
      set: { 'social_api.token_url': `${other.url}/2/oauth2/token` },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details.issues[0]).toMatchObject({ key: 'social_api.token_url' });
    expect(refused.json.error.details.issues[0].message).toMatch(
      /the platform client secret is only ever sent to/,
    );
    nothingLeaked();
  });

  it('a platform host moved through PATCH gets no token after a restart: a post is refused asking for a new login', {
    timeout: 60_000,
  }, async () => {
    const moved = await call('PATCH', '/api/settings', {
      set: { 'social_api.api_base_url': other.url, 'social_api.upload_base_url': other.url },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.restart_required.map((r: { key: string }) => r.key)).toContain(
      'social_api.api_base_url',
    );
    await killHard(server);
    server = await serve(home.env);
    const composed = await call('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'Hello there',
    });
    expect(composed.status).toBe(409);
    expect(composed.json.error.code).toBe('social_not_configured');
    expect(composed.json.error.message).toMatch(
      /the saved platform login was made for http:\/\/127\.0\.0\.1:\d+ \(api\).*app auth/,
    );
    expect(fake.state.tweetsNewestFirst().some((t) => t.text === 'Hello there')).toBe(false);
    nothingLeaked();
  });
});

describe('a key supplied by an environment variable', () => {
  it('cannot be pointed elsewhere through PATCH: the refusal names the variable', async () => {
    const envHome = createTempHome();
    prepareFakeHome(envHome, fake, ['[llm]', 'provider = "openai"', `base_url = "${llm.openaiBaseUrl}"`]);
    const envServer = await serve({ ...envHome.env, APP_LLM__API_KEY: 'sk-from-the-environment' });
    try {
      const token = readFileSync(`${envHome.dir}/api_token`, 'utf8').trim();
      const response = await fetch(`${envServer.url}/api/settings`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ set: { 'llm.base_url': `${other.url}/v1` }, unset: ['llm.api_key'] }),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { details: { issues: Array<{ message: string }> } } };
      expect(body.error.details.issues[0]?.message).toContain('It is set by APP_LLM__API_KEY');
      expect(other.saw('sk-from-the-environment')).toBe(false);
    } finally {
      await killHard(envServer);
      envHome.cleanup();
    }
  }, 40_000);
});
