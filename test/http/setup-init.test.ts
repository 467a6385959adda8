// The first run over HTTP: GET /api/setup/status and POST /api/setup/init on a home with no config file,
// against the service's runtime (a written config applies in the answering process at once).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApp } from '../support/run-app.js';
import { type SetupWorld, startSetupWorld } from '../support/setup-world.js';
import { createTempHome } from '../support/temp-home.js';

const ANSWERS = {
  'business.product_name': 'Acme CLI',
  'business.product_keywords': 'rust cli, terminal tools',
  'llm.provider': 'openai',
  'llm.api_key': 'sk-live-abcdefghijklmnop',
  'social_api.client_id': 'client-123',
};

let w: SetupWorld;
beforeEach(async () => {
  w = await startSetupWorld({ clientId: false });
});
afterEach(() => w.close());

describe('GET /api/setup/status', () => {
  it('on a fresh home: no config file, all 5 quickstart fields missing, no LLM, no platform login', async () => {
    const { status, json } = await w.api('GET', '/api/setup/status');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      config_exists: false,
      config_path: w.home.configPath,
      missing: [
        'business.product_name',
        'business.product_keywords',
        'llm.provider',
        'llm.api_key',
        'social_api.client_id',
      ],
      llm: { configured: false, provider: null },
      platform: { linked: false, user_id: null, username: null },
    });
  });

  it('needs credentials like every API route', async () => {
    const response = await w.server.inject({
      method: 'GET',
      url: '/api/setup/status',
      headers: { host: '127.0.0.1:3001' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/setup/init', () => {
  it('writes the file `app init` writes for the same answers (0600), applied by the running process at once', async () => {
    const { status, json } = await w.api('POST', '/api/setup/init', ANSWERS);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      status: 'created',
      config_path: w.home.configPath,
      restart_required: [{ key: 'social_api.client_id', reason: expect.stringContaining('at start') }],
    });
    expect(statSync(w.home.configPath).mode & 0o777).toBe(0o600);

    const cliHome = createTempHome();
    try {
      const cli = await runApp(
        [
          'init',
          '--non-interactive',
          ...['--product-name', ANSWERS['business.product_name']],
          ...['--product-keywords', ANSWERS['business.product_keywords']],
          ...['--llm-provider', ANSWERS['llm.provider']],
          ...['--llm-api-key', ANSWERS['llm.api_key']],
          ...['--client-id', ANSWERS['social_api.client_id']],
        ],
        { env: cliHome.env },
      );
      expect(cli.code).toBe(0);
      expect(readFileSync(w.home.configPath, 'utf8')).toBe(readFileSync(cliHome.configPath, 'utf8'));
    } finally {
      cliHome.cleanup();
    }

    // No file event was waited for: the answering process already runs on the new config.
    expect(w.runtime.app.deps.config.business.product_name).toBe('Acme CLI');
    expect(w.runtime.app.deps.config.approval_mode).toBe(true);
    const after = (await w.api('GET', '/api/setup/status')).json;
    expect(after).toMatchObject({
      config_exists: true,
      missing: [],
      llm: { configured: true, provider: 'openai', model: 'gpt-4o-mini', problem: null },
    });
  });

  it('ollama needs no API key; the advanced fields are written too (the --advanced header)', async () => {
    const { status } = await w.api('POST', '/api/setup/init', {
      'business.product_name': 'Acme',
      'business.product_keywords': ['cli', 'tui'],
      'llm.provider': 'ollama',
      'social_api.client_id': 'cid',
      'business.brand_voice': 'dry and exact',
      'business.persona_opinions': 'tests are docs, small diffs win',
      'targets.accounts': 'alice, bob',
      approval_mode: false,
    });
    expect(status).toBe(200);
    const text = readFileSync(w.home.configPath, 'utf8');
    expect(text).toContain('Created by `app init --advanced`');
    expect(w.runtime.app.deps.config).toMatchObject({
      approval_mode: false,
      business: {
        product_keywords: ['cli', 'tui'],
        brand_voice: 'dry and exact',
        persona_opinions: ['tests are docs', 'small diffs win'],
      },
      llm: { provider: 'ollama' },
      targets: { accounts: ['alice', 'bob'] },
    });
    expect(w.runtime.app.deps.config.llm.api_key).toBeUndefined();
  });

  it('names every refused or missing field and writes nothing', async () => {
    const { status, json } = await w.api('POST', '/api/setup/init', {
      'business.product_name': '   ',
      'llm.provider': 'gemini',
      'social_api.client_id': 'cid',
      'schedule.active_hours_start': 'nine',
      'limits.max_replies_per_day': 3,
    });
    expect(status).toBe(400);
    expect(json.error.code).toBe('validation_error');
    const issues = json.error.details.issues as Array<{ key: string; message: string }>;
    expect(issues.map((issue) => issue.key).sort()).toEqual([
      'business.product_keywords',
      'business.product_name',
      'limits.max_replies_per_day',
      'llm.api_key',
      'llm.provider',
      'schedule.active_hours_start',
    ]);
    expect(issues.find((i) => i.key === 'llm.provider')?.message).toContain('gemini');
    expect(issues.find((i) => i.key === 'business.product_name')?.message).toBe('required');
    expect(existsSync(w.home.configPath)).toBe(false);
    expect((await w.api('GET', '/api/setup/status')).json.config_exists).toBe(false);
  });

  it('a key is required unless the provider is ollama', async () => {
    const { status, json } = await w.api('POST', '/api/setup/init', { ...ANSWERS, 'llm.api_key': '' });
    expect(status).toBe(400);
    expect(json.error.details.issues).toEqual([{ key: 'llm.api_key', message: 'required' }]);
    expect(existsSync(w.home.configPath)).toBe(false);
  });

  it('refuses with 409 once a config file exists, leaving it as it was', async () => {
    w.home.writeConfig('# precious\n');
    const { status, json } = await w.api('POST', '/api/setup/init', ANSWERS);
    expect(status).toBe(409);
    expect(json.error.code).toBe('conflict');
    expect(readFileSync(w.home.configPath, 'utf8')).toBe('# precious\n');
  });
});

describe('answers from the environment', () => {
  it('an API key in APP_LLM__API_KEY answers the field without being copied into the file', async () => {
    await w.close();
    w = await startSetupWorld({ clientId: false });
    w.env.APP_LLM__API_KEY = 'sk-from-env-1234567';
    const { status, json } = await w.api('POST', '/api/setup/init', {
      ...ANSWERS,
      'llm.api_key': undefined,
    });
    expect(status).toBe(200);
    expect(json.from_env).toEqual(['llm.api_key']);
    expect(readFileSync(w.home.configPath, 'utf8')).not.toContain('sk-from-env');
  });
});
