// GET and PATCH /api/settings over the HTTP face: the config file under the harness home is the one source.
import { readFileSync, statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

const CONFIG = `# my settings
mode = "autopilot"   # flip to composer when travelling

[business]
product_name = "Acme"
product_keywords = ["cli"]

[llm]
provider = "openai"
api_key = "sk-live-abcdefghWXYZ"  # rotate monthly

# caps the loops obey
[limits]
max_replies_per_day = 5
`;

const SECRETS = ['sk-live-abcdefghWXYZ', 'abcdefgh'];

let h: HttpHarness;
beforeEach(async () => {
  h = await startHttpHarness();
  h.home.writeConfig(CONFIG);
});
afterEach(async () => {
  await h.close();
});

const fileBytes = () => readFileSync(h.home.configPath);
// biome-ignore lint/suspicious/noExplicitAny: reads whatever the route answered.
const field = (json: any, key: string) => json.settings.find((s: { key: string }) => s.key === key);

describe('GET /api/settings', () => {
  it('answers the effective config with secrets masked and every value with its source', async () => {
    h.home.env.APP_LIMITS__MAX_TWEETS_PER_DAY = '4';
    const { status, json } = await h.api('GET', '/api/settings');
    expect(status).toBe(200);
    for (const secret of SECRETS) expect(JSON.stringify(json)).not.toContain(secret);
    expect(json).toMatchObject({ config_path: h.home.configPath, valid: true });
    expect(json.config.llm).toMatchObject({ api_key: '****WXYZ', model: 'gpt-4o-mini' });
    expect(field(json, 'llm.api_key')).toMatchObject({ value: '****WXYZ', secret: true });
    expect(field(json, 'business.product_name')).toEqual({
      key: 'business.product_name',
      value: 'Acme',
      source: { kind: 'file', file: h.home.configPath, line: 5, column: 1 },
      secret: false,
      restart_required: false,
    });
    expect(field(json, 'limits.max_tweets_per_day')).toMatchObject({
      value: 4,
      source: { kind: 'env', name: 'APP_LIMITS__MAX_TWEETS_PER_DAY' },
    });
    expect(field(json, 'limits.max_threads_per_week').source).toEqual({ kind: 'default' });
    expect(field(json, 'server.port')).toMatchObject({ value: 3001, restart_required: true });
    expect(field(json, 'social_api.client_secret')).toMatchObject({ value: null, secret: true });
  });

  it('an invalid file on disk is reported by key path; the values shown are the last good ones', async () => {
    await h.api('GET', '/api/settings');
    h.home.writeConfig(`${CONFIG}max_tweets_per_day = "six"\n`);
    const { status, json } = await h.api('GET', '/api/settings');
    expect(status).toBe(200);
    expect(json.valid).toBe(false);
    expect(json.issues).toContainEqual(
      expect.objectContaining({ key: 'limits.max_tweets_per_day', severity: 'error' }),
    );
    expect(field(json, 'limits.max_replies_per_day').value).toBe(5);
  });
});

describe('PATCH /api/settings', () => {
  it('writes one change, keeping every other byte of the file, with mode 0600', async () => {
    const { status, json } = await h.api('PATCH', '/api/settings', {
      set: { mode: 'composer', 'limits.max_replies_per_day': 3, 'limits.max_tweets_per_day': 4 },
      unset: ['business.product_keywords'],
    });
    expect(status).toBe(200);
    expect(json.changed).toEqual([
      'mode',
      'business.product_keywords',
      'limits.max_replies_per_day',
      'limits.max_tweets_per_day',
    ]);
    expect(json.restart_required).toEqual([]);
    expect(json.config.mode).toBe('composer');
    expect(readFileSync(h.home.configPath, 'utf8')).toBe(
      CONFIG.replace('mode = "autopilot"   # flip', 'mode = "composer"  # flip')
        .replace('product_keywords = ["cli"]\n', '')
        .replace('max_replies_per_day = 5\n', 'max_replies_per_day = 3\nmax_tweets_per_day = 4\n'),
    );
    expect(statSync(h.home.configPath).mode & 0o777).toBe(0o600);
    const after = await h.api('GET', '/api/settings');
    expect(field(after.json, 'limits.max_replies_per_day')).toMatchObject({
      value: 3,
      source: { kind: 'file', line: 13 },
    });
  });

  it('a string that looks like TOML stays one string: it cannot add sections or keys', async () => {
    const sneaky = `warm"\n[server]\nhost = "0.0.0.0"\n# """ \\u0000 '''`;
    const { status } = await h.api('PATCH', '/api/settings', { set: { 'business.brand_voice': sneaky } });
    expect(status).toBe(200);
    const after = await h.api('GET', '/api/settings');
    expect(after.json.valid).toBe(true);
    expect(field(after.json, 'business.brand_voice').value).toBe(sneaky);
    expect(field(after.json, 'server.host').value).toBe('127.0.0.1');
  });

  it('null removes a key; an unchanged value changes nothing and leaves the file alone', async () => {
    const same = await h.api('PATCH', '/api/settings', { set: { 'limits.max_replies_per_day': 5 } });
    expect(same.status).toBe(200);
    expect(same.json.changed).toEqual([]);
    expect(fileBytes().equals(Buffer.from(CONFIG))).toBe(true);
    const removed = await h.api('PATCH', '/api/settings', { set: { 'limits.max_replies_per_day': null } });
    expect(removed.json.changed).toEqual([]);
    expect(readFileSync(h.home.configPath, 'utf8')).not.toContain('max_replies_per_day');
    expect(field(removed.json, 'limits.max_replies_per_day').source).toEqual({ kind: 'default' });
  });

  it('reports a changed port as needing a restart', async () => {
    const { status, json } = await h.api('PATCH', '/api/settings', {
      set: { 'server.port': 3999, 'intervals.posting_queue_seconds': 90 },
    });
    expect(status).toBe(200);
    expect(json.changed).toEqual(['intervals.posting_queue_seconds', 'server.port']);
    expect(json.restart_required).toEqual([
      { key: 'server.port', reason: 'the HTTP server binds its port once, at start' },
    ]);
    expect(readFileSync(h.home.configPath, 'utf8')).toContain('\n[server]\nport = 3999\n');
  });

  it('takes secrets but never answers them unmasked', async () => {
    const secret = 'sk-new-secret-value-7788';
    const { status, json } = await h.api('PATCH', '/api/settings', {
      set: { 'llm.api_key': secret, 'social_api.client_secret': 'cs-0123456789-abcd' },
    });
    expect(status).toBe(200);
    expect(JSON.stringify(json)).not.toMatch(/sk-new-secret|cs-0123456789/);
    expect(field(json, 'llm.api_key').value).toBe('****7788');
    expect(json.restart_required).toEqual([
      { key: 'social_api.client_secret', reason: expect.stringContaining('platform client') },
    ]);
    expect(readFileSync(h.home.configPath, 'utf8')).toContain(`api_key = "${secret}"  # rotate monthly`);
    const read = await h.api('GET', '/api/settings');
    expect(JSON.stringify(read.json)).not.toMatch(/sk-new-secret|cs-0123456789/);
  });

  it('warns when env overrides the value it saved', async () => {
    h.home.env.APP_LIMITS__MAX_REPLIES_PER_DAY = '2';
    const { status, json } = await h.api('PATCH', '/api/settings', {
      set: { 'limits.max_replies_per_day': 4 },
    });
    expect(status).toBe(200);
    expect(json.changed).toEqual([]);
    expect(json.issues).toContainEqual({
      key: 'limits.max_replies_per_day',
      message: 'saved to the file, but env APP_LIMITS__MAX_REPLIES_PER_DAY overrides it',
      severity: 'warning',
    });
  });
});

describe('PATCH /api/settings refuses bad input: 400, every problem by key path, file unchanged', () => {
  const cases: Array<{ name: string; set: Record<string, unknown>; issues: Array<[string, RegExp]> }> = [
    {
      name: 'a wrong type',
      set: { 'limits.max_replies_per_day': 'lots', mode: 'sometimes' },
      issues: [
        ['mode', /expected one of "autopilot"\|"composer"|autopilot/],
        ['limits.max_replies_per_day', /expected number, received string/],
      ],
    },
    {
      name: 'an unknown key, with the nearest key',
      set: { 'limits.max_reply_per_day': 1, limits: { max_replies_per_day: 1 } },
      issues: [
        ['limits.max_reply_per_day', /unknown config key \(did you mean limits\.max_replies_per_day\?\)/],
        ['limits', /is a section, not a key/],
      ],
    },
    {
      name: 'a local_fs source in cloud deployment',
      set: {
        deployment_mode: 'cloud',
        'content_sources.sources': [{ source_type: 'local_fs', path: '/notes' }],
      },
      issues: [['content_sources.sources[0].source_type', /not available in cloud deployment; not saved/]],
    },
    {
      name: 'values TOML cannot hold',
      set: { 'business.brand_voice': 'warm \ud800 voice', 'business.product_keywords': ['cli', null] },
      issues: [
        ['business.brand_voice', /unpaired surrogate/],
        ['business.product_keywords', /TOML has no null/],
      ],
    },
  ];

  for (const { name, set, issues } of cases) {
    it(name, async () => {
      const before = fileBytes();
      const { status, json } = await h.api('PATCH', '/api/settings', { set });
      expect(status).toBe(400);
      expect(json.error.code).toBe('validation_error');
      const got = json.error.details.issues as Array<{ key: string; message: string }>;
      expect(got.map((issue) => issue.key).sort()).toEqual(issues.map(([key]) => key).sort());
      for (const [key, message] of issues) {
        expect(got.find((issue) => issue.key === key)?.message).toMatch(message);
      }
      expect(fileBytes().equals(before)).toBe(true);
    });
  }

  it('all of them at once: every problem is listed', async () => {
    const before = fileBytes();
    const set = Object.assign({}, ...cases.map((c) => c.set));
    const { status, json } = await h.api('PATCH', '/api/settings', { set });
    expect(status).toBe(400);
    const keys = (json.error.details.issues as Array<{ key: string }>).map((issue) => issue.key).sort();
    expect(keys).toEqual(cases.flatMap((c) => c.issues.map(([key]) => key)).sort());
    expect(fileBytes().equals(before)).toBe(true);
  });

  it('a local_fs source when env sets cloud deployment', async () => {
    h.home.env.APP_DEPLOYMENT_MODE = 'cloud';
    const before = fileBytes();
    const { status, json } = await h.api('PATCH', '/api/settings', {
      set: { 'content_sources.sources': [{ path: '/notes' }] },
    });
    expect(status).toBe(400);
    expect(json.error.details.issues).toEqual([
      {
        key: 'content_sources.sources[0].source_type',
        message: 'local_fs sources are not available in cloud deployment; not saved',
      },
    ]);
    expect(fileBytes().equals(before)).toBe(true);
  });

  it('a body that is not a patch', async () => {
    const before = fileBytes();
    const { status, json } = await h.api('PATCH', '/api/settings', { mode: 'composer' });
    expect(status).toBe(400);
    expect(json.error.code).toBe('validation_error');
    expect(fileBytes().equals(before)).toBe(true);
  });
});
