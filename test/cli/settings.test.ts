import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApp, spawnApp } from '../support/run-app.js';
import { ScriptedPrompter } from '../support/scripted-prompter.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const CONFIG = `# my settings
mode = "composer"
approval_mode = false

[social_api]
client_id = "client-123"
client_secret = "cs-very-secret-0001"

[business]
product_name = "Acme"
product_keywords = ["cli"]

[llm]
provider = "openai"
api_key = "sk-live-abcdefghWXYZ"  # rotate monthly

[connectors.cloud_drive]
client_secret = "drive-secret-9876"
`;

describe('app settings --show', () => {
  it('masks every secret in the text view and names where values came from', async () => {
    home.writeConfig(CONFIG);
    const result = await runApp(['settings', '--show'], {
      env: { ...home.env, APP_LIMITS__MAX_REPLIES_PER_DAY: '3' },
    });
    expect(result.code).toBe(0);
    for (const secret of ['cs-very-secret-0001', 'sk-live-abcdefghWXYZ', 'drive-secret-9876']) {
      expect(result.stdout).not.toContain(secret);
    }
    expect(result.stdout).toContain('api_key = "****WXYZ"');
    expect(result.stdout).toContain('max_replies_per_day = 3  # env APP_LIMITS__MAX_REPLIES_PER_DAY');
    expect(result.stdout).toContain(`product_name = "Acme"  # ${home.configPath} line 10, column 1`);
    expect(result.stdout).toContain('approval_mode is forced on: mode = composer');
  });

  it('--format json prints the effective config, masked', async () => {
    home.writeConfig(CONFIG);
    const result = await runApp(['settings', '--show', '--format', 'json'], { env: home.env });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.approval_mode).toBe(true);
    expect(json.llm).toMatchObject({
      api_key: '****WXYZ',
      model: 'gpt-4o-mini',
      base_url: 'https://api.openai.com/v1',
    });
    expect(json.social_api.client_secret).toBe('****0001');
    expect(json.connectors.cloud_drive.client_secret).toBe('****9876');
    expect(json.paths.dbPath).toBe(`${home.dir}/app.db`);
    expect(result.stdout).not.toMatch(/very-secret|abcdefgh|drive-secret/);
  });

  it('a bad config exits 2, lists every problem with its source, and leaves the file alone', () => {
    const bad = `${CONFIG}\n[limits]\nmax_replies_per_day = "five"\nmax_tweet_per_day = 2\n`;
    home.writeConfig(bad);
    const result = spawnApp(['settings', '--show'], { ...home.env, APP_SCORING__THRESHOLD: 'high' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error: limits.max_replies_per_day: expected number, received string (${home.configPath} line 21, column 1)`,
    );
    expect(result.stderr).toContain(
      "error: scoring.threshold: 'high' is not a valid integer (env APP_SCORING__THRESHOLD)",
    );
    expect(result.stderr).toContain(
      'warning: limits.max_tweet_per_day: unknown key (did you mean limits.max_tweets_per_day?)',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(home.configPath, 'utf8')).toBe(bad);
  });
});

describe('app settings --set / --unset', () => {
  it('saves a change and keeps the rest of the file, comments included', async () => {
    home.writeConfig(CONFIG);
    const result = await runApp(
      ['settings', '--set', 'limits.max_replies_per_day=2', '--set', 'llm.model=gpt-4.1'],
      {
        env: home.env,
      },
    );
    expect(result.code).toBe(0);
    const text = readFileSync(home.configPath, 'utf8');
    expect(text).toContain('api_key = "sk-live-abcdefghWXYZ"  # rotate monthly\nmodel = "gpt-4.1"');
    expect(text).toContain('\n[limits]\nmax_replies_per_day = 2\n');
    expect(text.startsWith('# my settings\nmode = "composer"\n')).toBe(true);
  });

  it('refuses bad values and unknown keys with exit 2 and leaves the file unchanged', async () => {
    home.writeConfig(CONFIG);
    const badType = await runApp(['settings', '--set', 'limits.max_replies_per_day=lots'], { env: home.env });
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain("limits.max_replies_per_day: 'lots' is not a valid integer (flag --set");
    const unknown = await runApp(['settings', '--set', 'limits.max_reply_per_day=1'], { env: home.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('did you mean limits.max_replies_per_day?');
    const crossField = await runApp(['settings', '--set', 'limits.min_action_delay_seconds=999'], {
      env: home.env,
    });
    expect(crossField.code).toBe(2);
    expect(crossField.stderr).toContain('must not be greater than limits.max_action_delay_seconds');
    expect(readFileSync(home.configPath, 'utf8')).toBe(CONFIG);
  });

  it('reports every problem of one --set/--unset run together, through the same editor as PATCH /api/settings', async () => {
    home.writeConfig(CONFIG);
    const result = await runApp(
      [
        'settings',
        '--set',
        'limits.max_replies_per_day=lots',
        '--set',
        'limits.max_reply_per_day=1',
        '--set',
        'mode=sometimes',
        '--unset',
        'llm.api_keys',
      ],
      { env: home.env },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "error: limits.max_replies_per_day: 'lots' is not a valid integer (flag --set limits.max_replies_per_day)",
    );
    expect(result.stderr).toContain(
      'error: limits.max_reply_per_day: unknown config key (did you mean limits.max_replies_per_day?)',
    );
    expect(result.stderr).toContain("error: mode: 'sometimes' is not one of autopilot, composer");
    expect(result.stderr).toContain('error: llm.api_keys: unknown config key (did you mean llm.api_key?)');
    expect(readFileSync(home.configPath, 'utf8')).toBe(CONFIG);
  });

  it('--unset removes a key', async () => {
    home.writeConfig(CONFIG);
    const result = await runApp(['settings', '--unset', 'connectors.cloud_drive.client_secret'], {
      env: home.env,
    });
    expect(result.code).toBe(0);
    expect(readFileSync(home.configPath, 'utf8')).not.toContain('drive-secret');
  });
});

describe('app settings (interactive)', () => {
  it('edits a field through the menus and saves on request', async () => {
    home.writeConfig(CONFIG);
    const prompter = new ScriptedPrompter([
      { ask: /Which settings/, answer: 'limits' },
      { ask: /\[limits\]/, answer: 'limits.max_tweets_per_day' },
      { ask: /original posts per day/, answer: '4' },
      { ask: /Which settings/, answer: '__save' },
    ]);
    const result = await runApp(['settings'], { env: home.env, prompter });
    expect(result.code).toBe(0);
    expect(readFileSync(home.configPath, 'utf8')).toBe(`${CONFIG}\n[limits]\nmax_tweets_per_day = 4\n`);
  });

  it('leaves the file untouched when the user exits without saving', async () => {
    home.writeConfig(CONFIG);
    const prompter = new ScriptedPrompter([
      { ask: /Which settings/, answer: 'general' },
      { ask: /\[general\]/, answer: 'mode' },
      { ask: /autopilot/, answer: 'autopilot' },
      { ask: /Which settings/, answer: '__quit' },
    ]);
    expect((await runApp(['settings'], { env: home.env, prompter })).code).toBe(0);
    expect(readFileSync(home.configPath, 'utf8')).toBe(CONFIG);
  });

  it('without a terminal it explains the alternatives and exits 2', () => {
    home.writeConfig(CONFIG);
    const result = spawnApp(['settings'], home.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('app settings --set KEY=VALUE');
  });
});

describe('app settings enrich', () => {
  it('fills Voice, then Persona, then Targeting, saving answers and skipping empty ones', async () => {
    home.writeConfig(CONFIG);
    const prompter = new ScriptedPrompter([
      { ask: /Voice and personality/, answer: 'warm, precise' },
      { ask: /How replies should sound/, answer: 'brief' },
      { ask: /How original posts should sound/, answer: 'practical' },
      { ask: /Opinions you hold/, answer: 'small tools win' },
      { ask: /Experiences you can reference/, answer: '' },
      { ask: /Content pillars/, answer: 'cli, ux' },
      { ask: /Accounts to monitor/, answer: '' },
      { ask: /Competitor names/, answer: 'bigco' },
    ]);
    const result = await runApp(['settings', 'enrich'], { env: home.env, prompter });
    expect(result.code).toBe(0);
    expect(prompter.transcript.filter((t) => t.startsWith('step:'))).toEqual([
      'step: Voice (3 of 3 fields to fill)',
      'step: Persona (3 of 3 fields to fill)',
      'step: Targeting (2 of 2 fields to fill)',
    ]);
    const text = readFileSync(home.configPath, 'utf8');
    expect(text).toContain('brand_voice = "warm, precise"');
    expect(text).toContain('content_pillars = [ "cli", "ux" ]');
    expect(text).toContain('competitor_keywords = [ "bigco" ]');
    expect(text).not.toContain('persona_experiences');
    expect(prompter.transcript.at(-1)).toBe('outro: Saved. Next stage to complete: persona');
  });
});
