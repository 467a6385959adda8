// The Settings page's read and action operations over HTTP: the config schema as form fields (derived from
// the schema walk), the tool catalog for the policy pickers, the LLM "Test connection" against the fake LLM
// (configured values, an unsaved wrong key, an unreachable endpoint; nothing saved), and backups.
import { existsSync, readFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REQUIRE_APPROVAL_FOR } from '../../src/contracts/config/mcp-policy.js';
import { configLeaves } from '../../src/core/domain/schema-walk.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { refusedUrl } from '../support/refused-port.js';

let llm: FakeLlm;
let h: HttpHarness;
beforeAll(async () => {
  llm = await startFakeLlm();
  llm.script.acceptedKeys = ['sk-right'];
  h = await startHttpHarness({
    llm: { provider: 'openai', api_key: 'sk-right', base_url: llm.openaiBaseUrl },
  });
  h.home.writeConfig(
    `# kept\n[llm]\nprovider = "openai"\napi_key = "sk-right"\nbase_url = "${llm.openaiBaseUrl}"\n`,
  );
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

// biome-ignore lint/suspicious/noExplicitAny: reads whatever the route answered.
const fieldOf = (json: any, key: string) => json.fields.find((f: { key: string }) => f.key === key);

describe('GET /api/settings/schema', () => {
  it('lists every config key of the schema walk with its kind, help text, default, secrecy and restart need', async () => {
    const { status, json } = await h.api('GET', '/api/settings/schema');
    expect(status).toBe(200);
    expect(json.fields.map((f: { key: string }) => f.key)).toEqual(configLeaves().map((l) => l.key));
    expect(fieldOf(json, 'limits.max_replies_per_day')).toMatchObject({
      section: 'limits',
      label: 'Max replies per day',
      kind: 'integer',
      has_default: true,
      default: 5,
      secret: false,
      restart_reason: null,
    });
    expect(fieldOf(json, 'mode')).toMatchObject({
      section: 'general',
      kind: 'enum',
      enum_values: ['autopilot', 'composer'],
      default: 'autopilot',
      description: expect.stringContaining('composer'),
    });
    expect(fieldOf(json, 'llm.api_key')).toMatchObject({ secret: true, default: null });
    expect(fieldOf(json, 'server.port').restart_reason).toContain('binds its port');
    expect(fieldOf(json, 'connectors.cloud_drive.client_secret')).toMatchObject({
      section: 'connectors.cloud_drive',
      secret: true,
    });
    expect(json.sections.map((s: { key: string }) => s.key)).toEqual(
      expect.arrayContaining([
        'general',
        'limits',
        'mcp_policy',
        'content_sources',
        'connectors.cloud_drive',
      ]),
    );
    // Every key the settings view answers has a field to edit it.
    const settings = (await h.api('GET', '/api/settings')).json.settings as Array<{ key: string }>;
    for (const { key } of settings) expect(fieldOf(json, key), key).toBeDefined();
  });
});

describe('GET /api/settings/tools', () => {
  it('lists the tool server’s tools by name, category, profiles and mutation, covering the default approval list', async () => {
    const { status, json } = await h.api('GET', '/api/settings/tools');
    expect(status).toBe(200);
    const names = json.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(new Set(names).size).toBe(names.length);
    for (const name of DEFAULT_REQUIRE_APPROVAL_FOR) expect(names).toContain(name);
    expect(json.tools.find((t: { name: string }) => t.name === 'social_like_tweet')).toMatchObject({
      mutation: true,
      profiles: expect.arrayContaining(['write']),
    });
    expect(json.tools.find((t: { name: string }) => t.name === 'get_config')).toMatchObject({
      mutation: false,
    });
  });
});

describe('POST /api/settings/test-llm', () => {
  it('with the configured values: one small call with the configured key, ok and the latency; nothing saved', async () => {
    const before = readFileSync(h.home.configPath);
    const calls = llm.calls.length;
    const { status, json } = await h.api('POST', '/api/settings/test-llm', {});
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true, provider: 'openai', model: 'gpt-4o-mini', code: null });
    expect(json.base_url).toBe(llm.openaiBaseUrl);
    expect(json.latency_ms).toBeGreaterThanOrEqual(0);
    expect(json.message).toMatch(/^openai answered in \d+ ms \(model gpt-4o-mini\)$/);
    expect(llm.calls.slice(calls).map((c) => [c.apiKey, c.status])).toEqual([['sk-right', 200]]);
    expect(readFileSync(h.home.configPath)).toEqual(before);
  });

  it('with the form’s unsaved wrong key: the provider’s refusal, the wrong key was the one sent, nothing saved', async () => {
    const before = readFileSync(h.home.configPath);
    const calls = llm.calls.length;
    const { status, json } = await h.api('POST', '/api/settings/test-llm', {
      api_key: 'sk-wrong',
      model: 'gpt-4.1',
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      ok: false,
      model: 'gpt-4.1',
      latency_ms: null,
      code: 'llm_not_configured',
      message: 'the openai provider rejected the API key (HTTP 401)',
    });
    expect(llm.calls.slice(calls).map((c) => c.apiKey)).toContain('sk-wrong');
    expect(llm.calls.slice(calls).every((c) => c.status === 401)).toBe(true);
    expect(readFileSync(h.home.configPath)).toEqual(before);
    // The configured key still works afterwards.
    expect((await h.api('POST', '/api/settings/test-llm', {})).json.ok).toBe(true);
  });

  it('an endpoint nothing answers at says it could not be reached (tried with its own key, never the stored one)', async () => {
    const base = refusedUrl('/v1');
    const keyless = await h.api('POST', '/api/settings/test-llm', { base_url: base });
    expect(keyless.status).toBe(400);
    expect(keyless.json.error.message).toMatch(/^api_key: the stored key is only ever sent to /);
    const { status, json } = await h.api('POST', '/api/settings/test-llm', {
      base_url: base,
      api_key: 'sk-for-it',
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: false, base_url: base, code: 'llm_error' });
    expect(json.message).toMatch(/^openai could not be reached/);
  });

  it('a base_url that is not http(s) is refused with 400 naming the field', async () => {
    const bad = await h.api('POST', '/api/settings/test-llm', { base_url: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({
      code: 'validation_error',
      details: { issues: [{ path: 'base_url' }] },
    });
  });
});

describe('backups', () => {
  it('POST /api/backups takes a verified copy now; GET /api/backups lists it, newest first', async () => {
    const empty = await h.api('GET', '/api/backups');
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ dir: h.app.deps.paths.backupsDir, backups: [] });
    const made = await h.api('POST', '/api/backups', {});
    expect(made.status).toBe(201);
    expect(made.json.file_name).toMatch(/^app_\d{8}_\d{6}_\d{3}\.db$/);
    expect(existsSync(made.json.path)).toBe(true);
    const copy = new BetterSqlite3(made.json.path, { readonly: true });
    try {
      const tables = copy.prepare("select name from sqlite_master where type = 'table'").pluck().all();
      expect(tables).toEqual(expect.arrayContaining(['drafts', 'approval_queue']));
    } finally {
      copy.close();
    }
    const second = await h.api('POST', '/api/backups', {});
    const listed = await h.api('GET', '/api/backups');
    expect(listed.json.backups.map((b: { file_name: string }) => b.file_name)).toEqual([
      second.json.file_name,
      made.json.file_name,
    ]);
    expect(listed.json.backups[0].size_bytes).toBeGreaterThan(0);
  });
});
