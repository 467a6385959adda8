// Every way a one-account config is read and written, through the entry points users reach: the loader,
// `app settings --set`, PATCH /api/settings, `app init`, the dashboard's first-run wizard and `app update`.
// The bytes (and the loaded object) were recorded before accounts existed: they must never change.
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../../src/infra/config/load-config.js';
import { startHttpHarness } from '../../support/http-harness.js';
import { runApp } from '../../support/run-app.js';
import { startSetupWorld } from '../../support/setup-world.js';
import { createTempHome } from '../../support/temp-home.js';

export const FIXTURES = new URL('./', import.meta.url).pathname;
export const SPEC_CONFIG = readFileSync(`${FIXTURES}spec-config.toml`, 'utf8');

/** `app init` writes today's date in its header: the recorded files hold this one instead. */
const dateless = (text: string) => text.replace(/ on \d{4}-\d{2}-\d{2}\./, ' on DATE.');

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`expected ${what}`);
  return value;
}

async function cli(args: string[], env: Record<string, string>): Promise<void> {
  const result = await runApp(args, { env });
  if (result.code !== 0) throw new Error(`app ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
}

/** The object a file loads to, as JSON (a config holds only JSON values). */
export function loadedObject(text: string): unknown {
  const home = createTempHome();
  try {
    home.writeConfig(text);
    const loaded = loadConfig({ env: home.env });
    const config = must(loaded.config, `a valid config: ${JSON.stringify(loaded.issues)}`);
    return JSON.parse(JSON.stringify(config));
  } finally {
    home.cleanup();
  }
}

/** `app settings --set/--unset` on the spec's file. */
export async function settingsSet(): Promise<string> {
  const home = createTempHome();
  try {
    home.writeConfig(SPEC_CONFIG);
    await cli(
      [
        'settings',
        '--set',
        'limits.max_replies_per_day=3',
        '--set',
        'business.product_keywords=a,b',
        '--set',
        'schedule.timezone=Europe/Berlin',
        '--set',
        'limits.banned_phrases=check out,dm me',
        '--unset',
        'scoring.threshold',
      ],
      home.env,
    );
    return readFileSync(home.configPath, 'utf8');
  } finally {
    home.cleanup();
  }
}

/** PATCH /api/settings on the spec's file. */
export async function settingsPatch(): Promise<string> {
  const h = await startHttpHarness();
  try {
    h.home.writeConfig(SPEC_CONFIG);
    const { status, json } = await h.api('PATCH', '/api/settings', {
      set: {
        mode: 'composer',
        'limits.max_tweets_per_day': 4,
        'mcp_policy.blocked_tools': ['social_follow_user'],
        'schedule.preferred_times': ['09:00', '17:30'],
        'business.target_audience': 'people who live in a terminal',
      },
      unset: ['intervals.mentions_check_seconds'],
    });
    if (status !== 200) throw new Error(`PATCH /api/settings answered ${status}: ${JSON.stringify(json)}`);
    return readFileSync(h.home.configPath, 'utf8');
  } finally {
    await h.close();
  }
}

const INIT_FLAGS = [
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

/** `app init --non-interactive`, then `app update --yes` on what it wrote: both scaffolds. */
export async function initAndUpdate(): Promise<{ init: string; update: string }> {
  const home = createTempHome();
  try {
    await cli(['init', '--non-interactive', ...INIT_FLAGS], home.env);
    const init = readFileSync(home.configPath, 'utf8');
    await cli(['update', '--yes'], home.env);
    return { init: dateless(init), update: dateless(readFileSync(home.configPath, 'utf8')) };
  } finally {
    home.cleanup();
  }
}

/** The dashboard's first-run wizard: POST /api/setup/init on a home with no config file. */
export async function wizard(): Promise<string> {
  const w = await startSetupWorld({ clientId: false });
  try {
    const { status, json } = await w.api('POST', '/api/setup/init', {
      'business.product_name': 'Acme CLI',
      'business.product_keywords': 'rust cli, terminal tools',
      'llm.provider': 'openai',
      'llm.api_key': 'sk-live-abcdefghijklmnop',
      'social_api.client_id': 'client-123',
      'business.brand_voice': 'dry and exact',
    });
    if (status !== 200) throw new Error(`POST /api/setup/init answered ${status}: ${JSON.stringify(json)}`);
    return dateless(readFileSync(w.home.configPath, 'utf8'));
  } finally {
    await w.close();
  }
}
