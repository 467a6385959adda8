import { existsSync, readFileSync, statSync } from 'node:fs';
import { parse } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { runApp, spawnApp } from '../support/run-app.js';
import { ScriptedPrompter } from '../support/scripted-prompter.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const QUICK_FLAGS = [
  '--product-name',
  'Acme CLI',
  '--product-keywords',
  'rust cli, terminal tools',
  '--llm-provider',
  'openai',
  '--llm-api-key',
  'sk-live-abcdefghijklmnop',
  '--client-id',
  'client-123',
];

const readToml = () =>
  parse(readFileSync(home.configPath, 'utf8')) as Record<string, Record<string, unknown>>;

describe('app init --non-interactive', () => {
  it('writes a valid 0600 config from flags', async () => {
    const result = await runApp(['init', '--non-interactive', ...QUICK_FLAGS], { env: home.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Wrote ${home.configPath}`);
    expect(statSync(home.configPath).mode & 0o777).toBe(0o600);
    expect(readToml()).toMatchObject({
      approval_mode: true,
      business: { product_name: 'Acme CLI', product_keywords: ['rust cli', 'terminal tools'] },
      llm: { provider: 'openai', api_key: 'sk-live-abcdefghijklmnop' },
      social_api: { client_id: 'client-123' },
    });
    const loaded = loadConfig({ env: home.env });
    expect(loaded.issues).toEqual([]);
  });

  it('takes answers from APP_* env vars but does not copy env secrets into the file', async () => {
    const env = {
      ...home.env,
      APP_BUSINESS__PRODUCT_NAME: 'EnvCo',
      APP_BUSINESS__PRODUCT_KEYWORDS: 'a,b',
      APP_LLM__PROVIDER: 'anthropic',
      APP_LLM__API_KEY: 'sk-ant-secret-value',
      APP_SOCIAL_API__CLIENT_ID: 'env-client',
    };
    const result = await runApp(['init', '--non-interactive'], { env });
    expect(result.code).toBe(0);
    const text = readFileSync(home.configPath, 'utf8');
    expect(text).not.toContain('sk-ant-secret-value');
    expect(readToml().business).toMatchObject({ product_name: 'EnvCo', product_keywords: ['a', 'b'] });
    expect(result.stdout).toContain('llm.api_key is read from APP_LLM__API_KEY');
  });

  it('fails with exit 2 naming every missing field with its flag and env var, writing nothing', async () => {
    const result = await runApp(['init', '--non-interactive', '--product-name', 'Acme'], { env: home.env });
    expect(result.code).toBe(2);
    for (const line of [
      'business.product_keywords  (--product-keywords or APP_BUSINESS__PRODUCT_KEYWORDS)',
      'llm.provider  (--llm-provider or APP_LLM__PROVIDER)',
      'llm.api_key  (--llm-api-key or APP_LLM__API_KEY)',
      'social_api.client_id  (--client-id or APP_SOCIAL_API__CLIENT_ID)',
    ]) {
      expect(result.stderr).toContain(line);
    }
    expect(result.stderr).not.toContain('business.product_name ');
    expect(existsSync(home.configPath)).toBe(false);
  });

  it('does not need an API key for ollama', async () => {
    const args = ['init', '--non-interactive', '--product-name', 'A', '--product-keywords', 'k'];
    const result = await runApp([...args, '--llm-provider', 'ollama', '--client-id', 'c'], { env: home.env });
    expect(result.code).toBe(0);
    expect(readToml().llm).toEqual({ provider: 'ollama' });
  });

  it('rejects a bad value with exit 2 naming key and flag', async () => {
    const flags = QUICK_FLAGS.map((v) => (v === 'openai' ? 'gemini' : v));
    const result = await runApp(['init', '--non-interactive', ...flags], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "error: llm.provider: 'gemini' is not one of openai, anthropic, ollama (flag --llm-provider)",
    );
    expect(existsSync(home.configPath)).toBe(false);
  });

  it('never overwrites an existing config without --force, and keeps a .bak with it', async () => {
    home.writeConfig('# precious\n');
    const refused = await runApp(['init', '--non-interactive', ...QUICK_FLAGS], { env: home.env });
    expect(refused.code).toBe(1);
    expect(readFileSync(home.configPath, 'utf8')).toBe('# precious\n');
    const forced = await runApp(['init', '--non-interactive', '--force', ...QUICK_FLAGS], { env: home.env });
    expect(forced.code).toBe(0);
    expect(readFileSync(`${home.configPath}.bak`, 'utf8')).toBe('# precious\n');
    expect(statSync(`${home.configPath}.bak`).mode & 0o777).toBe(0o600);
  });

  it('with no terminal and no answers, the real executable exits 2 instead of waiting for input', () => {
    const result = spawnApp(['init'], home.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('missing required settings');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('app init (interactive)', () => {
  it('asks only the five quickstart questions, skipping the key for ollama', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /Product name/, answer: 'Acme' },
      { ask: /Discovery keywords/, answer: 'cli, tui' },
      { ask: /LLM provider/, answer: 'ollama' },
      { ask: /client id/, answer: 'cid' },
    ]);
    const result = await runApp(['init'], { env: home.env, prompter });
    expect(result.code).toBe(0);
    expect(prompter.remaining).toBe(0);
    expect(prompter.transcript.filter((t) => /^(text|select|confirm)/.test(t))).toHaveLength(4);
    expect(readToml().business).toMatchObject({ product_keywords: ['cli', 'tui'] });
  });

  it('skips questions already answered by flags', async () => {
    const prompter = new ScriptedPrompter([{ ask: /LLM API key/, answer: 'sk-typed-in-1234' }]);
    const flags = QUICK_FLAGS.filter((_, i) => i !== 6 && i !== 7);
    const result = await runApp(['init', ...flags], { env: home.env, prompter });
    expect(result.code).toBe(0);
    expect(readToml().llm).toMatchObject({ api_key: 'sk-typed-in-1234' });
  });
});

describe('app init --advanced', () => {
  it('walks the 8 steps in order and writes every answer', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /client id/, answer: 'cid' },
      { ask: /client secret \(confidential/, answer: true },
      { ask: /client secret/, answer: 'shh-secret-value' },
      { ask: /Product name/, answer: 'Acme' },
      { ask: /description/, answer: 'Terminal tools for teams' },
      { ask: /Product URL/, answer: 'https://acme.example' },
      { ask: /audience/, answer: 'developers' },
      { ask: /Discovery keywords/, answer: 'cli' },
      { ask: /Content topics/, answer: 'devtools, shells' },
      { ask: /Brand voice/, answer: 'dry and exact' },
      { ask: /Reply style/, answer: '' },
      { ask: /Content style/, answer: 'short' },
      { ask: /LLM provider/, answer: 'anthropic' },
      { ask: /API key/, answer: 'sk-ant-1234567890' },
      { ask: /Model/, answer: '' },
      { ask: /Endpoint URL/, answer: '' },
      { ask: /Opinions/, answer: 'tests are docs' },
      { ask: /Experiences/, answer: '' },
      { ask: /pillars/, answer: 'shipping, tooling' },
      { ask: /Accounts to monitor/, answer: 'alice, bob' },
      { ask: /Competitor/, answer: 'otherco' },
      { ask: /Queue every post/, answer: false },
      { ask: /Timezone/, answer: 'Europe/Berlin' },
      { ask: /Active from/, answer: '9' },
      { ask: /Active until/, answer: '18' },
      { ask: /Active days/, answer: 'Mon, Tue, Wed, Thu, Fri' },
    ]);
    const result = await runApp(['init', '--advanced'], { env: home.env, prompter });
    expect(result.code).toBe(0);
    expect(prompter.remaining).toBe(0);
    expect(prompter.transcript.filter((t) => t.startsWith('step:'))).toEqual([
      'step: Step 1/8: Platform API credentials',
      'step: Step 2/8: Business profile',
      'step: Step 3/8: Brand voice',
      'step: Step 4/8: LLM provider',
      'step: Step 5/8: Persona',
      'step: Step 6/8: Target accounts',
      'step: Step 7/8: Approval mode',
      'step: Step 8/8: Active hours',
    ]);
    const loaded = loadConfig({ env: home.env });
    expect(loaded.issues).toEqual([]);
    expect(loaded.config).toMatchObject({
      approval_mode: false,
      social_api: { client_id: 'cid', client_secret: 'shh-secret-value' },
      business: {
        product_url: 'https://acme.example',
        industry_topics: ['devtools', 'shells'],
        brand_voice: 'dry and exact',
        content_style: 'short',
        persona_opinions: ['tests are docs'],
        content_pillars: ['shipping', 'tooling'],
        competitor_keywords: ['otherco'],
      },
      llm: { provider: 'anthropic', api_key: 'sk-ant-1234567890' },
      targets: { accounts: ['alice', 'bob'] },
      schedule: { timezone: 'Europe/Berlin', active_hours_start: 9, active_hours_end: 18 },
    });
    expect(loaded.config?.business.reply_style).toBeUndefined();
    expect(loaded.config?.llm.model).toBeUndefined();
    expect(loaded.config?.schedule.active_days).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
  });

  it('--non-interactive --advanced still needs the required fields and defaults the rest', async () => {
    const failed = await runApp(['init', '--advanced', '--non-interactive'], { env: home.env });
    expect(failed.code).toBe(2);
    const ok = await runApp(['init', '--advanced', '--non-interactive', ...QUICK_FLAGS], { env: home.env });
    expect(ok.code).toBe(0);
    expect(loadConfig({ env: home.env }).config?.schedule.timezone).toBe('UTC');
  });
});
