import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempHome, type TempHome } from '../../../test/support/temp-home.js';
import { formatIssue } from '../../core/domain/config-issue.js';
import { effectiveConfig } from './config-view.js';
import { loadConfig } from './load-config.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

function valueAt(config: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], config);
}

/** One field per value type; each row gives a file value, an env text and a flag text with the values they mean. */
const MATRIX = [
  {
    type: 'string',
    key: 'business.product_name',
    env: 'APP_BUSINESS__PRODUCT_NAME',
    fallback: undefined,
    file: ['[business]', 'product_name = "FromFile"'],
    fileValue: 'FromFile',
    envText: 'FromEnv',
    envValue: 'FromEnv',
    flagText: 'FromFlag',
    flagValue: 'FromFlag',
  },
  {
    type: 'integer',
    key: 'limits.max_replies_per_day',
    env: 'APP_LIMITS__MAX_REPLIES_PER_DAY',
    fallback: 5,
    file: ['[limits]', 'max_replies_per_day = 7'],
    fileValue: 7,
    envText: '8',
    envValue: 8,
    flagText: '9',
    flagValue: 9,
  },
  {
    type: 'number',
    key: 'limits.product_mention_ratio',
    env: 'APP_LIMITS__PRODUCT_MENTION_RATIO',
    fallback: 0.2,
    file: ['[limits]', 'product_mention_ratio = 0.1'],
    fileValue: 0.1,
    envText: '0.3',
    envValue: 0.3,
    flagText: '0.45',
    flagValue: 0.45,
  },
  {
    type: 'boolean',
    key: 'approval_mode',
    env: 'APP_APPROVAL_MODE',
    fallback: true,
    file: ['approval_mode = false'],
    fileValue: false,
    envText: 'yes',
    envValue: true,
    flagText: '0',
    flagValue: false,
  },
  {
    type: 'enum',
    key: 'mode',
    env: 'APP_MODE',
    fallback: 'autopilot',
    file: ['mode = "composer"'],
    fileValue: 'composer',
    envText: 'AUTOPILOT',
    envValue: 'autopilot',
    flagText: 'composer',
    flagValue: 'composer',
  },
  {
    type: 'list',
    key: 'business.product_keywords',
    env: 'APP_BUSINESS__PRODUCT_KEYWORDS',
    fallback: [],
    file: ['[business]', 'product_keywords = ["file"]'],
    fileValue: ['file'],
    envText: ' env one, env two ,,',
    envValue: ['env one', 'env two'],
    flagText: 'flag',
    flagValue: ['flag'],
  },
  {
    type: 'nested section',
    key: 'connectors.cloud_drive.client_id',
    env: 'APP_CONNECTORS__CLOUD_DRIVE__CLIENT_ID',
    fallback: undefined,
    file: ['[connectors.cloud_drive]', 'client_id = "file-id"'],
    fileValue: 'file-id',
    envText: 'env-id',
    envValue: 'env-id',
    flagText: 'flag-id',
    flagValue: 'flag-id',
  },
];

describe('precedence: flag > env > file > default', () => {
  it.each(MATRIX)('$type ($key)', (row) => {
    const defaults = loadConfig({ env: home.env });
    expect(valueAt(defaults.config, row.key)).toEqual(row.fallback);
    expect(defaults.sources.get(row.key)).toBeUndefined();

    home.writeConfig(`${row.file.join('\n')}\n`);
    const fromFile = loadConfig({ env: home.env });
    expect(valueAt(fromFile.config, row.key)).toEqual(row.fileValue);
    expect(fromFile.sources.get(row.key)).toMatchObject({ kind: 'file', line: row.file.length });

    const env = { ...home.env, [row.env]: row.envText };
    const fromEnv = loadConfig({ env });
    expect(valueAt(fromEnv.config, row.key)).toEqual(row.envValue);
    expect(fromEnv.sources.get(row.key)).toEqual({ kind: 'env', name: row.env });

    const fromFlag = loadConfig({ env, options: [`${row.key}=${row.flagText}`] });
    expect(valueAt(fromFlag.config, row.key)).toEqual(row.flagValue);
    expect(fromFlag.sources.get(row.key)).toEqual({ kind: 'flag', name: `--option ${row.key}` });
    expect(fromFlag.issues).toEqual([]);
  });

  it('typed command flags (serve --port) beat env and file', () => {
    home.writeConfig('[server]\nport = 4000\n');
    const loaded = loadConfig({
      env: { ...home.env, APP_SERVER__PORT: '4001' },
      flags: [{ key: 'server.port', text: '4002', flag: '--port' }],
    });
    expect(loaded.config?.server.port).toBe(4002);
  });
});

describe('env parsing', () => {
  it('reports each bad value with the variable name, all together', () => {
    const loaded = loadConfig({
      env: {
        ...home.env,
        APP_LIMITS__MAX_TWEETS_PER_DAY: 'six',
        APP_APPROVAL_MODE: 'maybe',
        APP_LLM__PROVIDER: 'gemini',
        APP_SCORING__THRESHOLD: '1.5',
      },
    });
    expect(loaded.config).toBeUndefined();
    const lines = loaded.issues.map(formatIssue);
    expect(lines).toContain(
      "error: limits.max_tweets_per_day: 'six' is not a valid integer (env APP_LIMITS__MAX_TWEETS_PER_DAY)",
    );
    expect(lines).toContain(
      "error: approval_mode: 'maybe' is not a valid boolean (use true/false, 1/0, yes/no) (env APP_APPROVAL_MODE)",
    );
    expect(lines).toContain(
      "error: llm.provider: 'gemini' is not one of openai, anthropic, ollama (env APP_LLM__PROVIDER)",
    );
    expect(lines).toContain(
      "error: scoring.threshold: '1.5' is not a valid integer (env APP_SCORING__THRESHOLD)",
    );
  });

  it('accepts every boolean spelling', () => {
    for (const [text, value] of [
      ['true', true],
      ['1', true],
      ['YES', true],
      ['false', false],
      ['0', false],
      ['no', false],
    ] as const) {
      const loaded = loadConfig({ env: { ...home.env, APP_MCP_POLICY__DRY_RUN_MUTATIONS: text } });
      expect(loaded.config?.mcp_policy.dry_run_mutations).toBe(value);
    }
  });

  it('validates values after coercion (range, list members)', () => {
    const loaded = loadConfig({
      env: { ...home.env, APP_SCHEDULE__ACTIVE_HOURS_END: '24', APP_SCHEDULE__ACTIVE_DAYS: 'Mon,Funday' },
    });
    const keys = loaded.issues.map((i) => `${i.key} ${JSON.stringify(i.source)}`);
    expect(keys).toContain(
      'schedule.active_hours_end {"kind":"env","name":"APP_SCHEDULE__ACTIVE_HOURS_END"}',
    );
    expect(
      keys.some((k) => k.startsWith('schedule.active_days[1]') && k.includes('APP_SCHEDULE__ACTIVE_DAYS')),
    ).toBe(true);
  });

  it('warns about unknown APP_ variables with the nearest name', () => {
    const loaded = loadConfig({ env: { ...home.env, APP_LIMITS__MAX_REPLY_PER_DAY: '3' } });
    expect(loaded.config).toBeDefined();
    expect(loaded.issues.map(formatIssue)).toEqual([
      'warning: unknown environment variable APP_LIMITS__MAX_REPLY_PER_DAY (did you mean APP_LIMITS__MAX_REPLIES_PER_DAY?); ignored (env APP_LIMITS__MAX_REPLY_PER_DAY)',
    ]);
  });

  it('takes a list as a,b or as a JSON array, from env vars and from -O alike', () => {
    const env = { ...home.env, APP_MCP_POLICY__BLOCKED_TOOLS: '["social_like_tweet", "retweet"]' };
    const fromEnv = loadConfig({ env });
    expect(fromEnv.config?.mcp_policy.blocked_tools).toEqual(['social_like_tweet', 'retweet']);
    // like_tweet is also in the default require_approval_for: a warning (DECISIONS), blocked wins.
    expect(fromEnv.issues.map(formatIssue)).toContain(
      "warning: mcp_policy.blocked_tools: 'social_like_tweet' is both blocked and in require_approval_for; blocked wins (env APP_MCP_POLICY__BLOCKED_TOOLS)",
    );
    const fromFlag = loadConfig({ env: home.env, options: ['business.product_keywords=["a,b", "c"]'] });
    expect(fromFlag.config?.business.product_keywords).toEqual(['a,b', 'c']);
    expect(
      loadConfig({ env: { ...home.env, APP_SCHEDULE__ACTIVE_DAYS: '[]' } }).config?.schedule.active_days,
    ).toEqual([]);
    const broken = loadConfig({ env: { ...home.env, APP_BUSINESS__PRODUCT_KEYWORDS: '[cli, tools]' } });
    expect(broken.issues.map(formatIssue)[0]).toMatch(
      /^error: business\.product_keywords: '\[cli, tools\]' is not a valid JSON array .*write a,b or \["a","b"\] \(env APP_BUSINESS__PRODUCT_KEYWORDS\)$/,
    );
  });

  it('with the tool names, warns about [mcp_policy] entries naming no tool, at their line', () => {
    home.writeConfig('[mcp_policy]\nblocked_tools = ["retweet", "like_twet"]\nrequire_approval_for = []\n');
    const loaded = loadConfig({ env: home.env, toolNames: ['social_retweet', 'social_like_tweet'] });
    expect(loaded.config).toBeDefined();
    expect(loaded.issues.map(formatIssue)).toEqual([
      `warning: mcp_policy.blocked_tools[1]: 'like_twet' names no tool (did you mean like_tweet?); this entry has no effect (${home.configPath} line 2, column 1)`,
    ]);
    expect(loadConfig({ env: home.env }).issues).toEqual([]);
  });

  it('reads JSON for structured fields such as content sources', () => {
    const loaded = loadConfig({
      env: { ...home.env, APP_CONTENT_SOURCES__SOURCES: '[{"path":"~/notes"}]' },
    });
    expect(loaded.config?.content_sources.sources[0]).toMatchObject({
      source_type: 'local_fs',
      path: '~/notes',
    });
  });
});

describe('deployment and operating modes', () => {
  it.each(['selfhost', 'self-host', 'self_host', 'SELF-HOST'])(
    'APP_DEPLOYMENT_MODE=%s means self_host',
    (text) => {
      const loaded = loadConfig({ env: { ...home.env, APP_DEPLOYMENT_MODE: text } });
      expect(loaded.config?.deployment_mode).toBe('self_host');
    },
  );

  it('rejects an unknown deployment mode naming the variable', () => {
    const loaded = loadConfig({ env: { ...home.env, APP_DEPLOYMENT_MODE: 'server' } });
    expect(loaded.issues.map(formatIssue)).toEqual([
      "error: deployment_mode: 'server' is not one of desktop, self_host, cloud (env APP_DEPLOYMENT_MODE)",
    ]);
  });

  it('composer mode forces the effective approval mode on', () => {
    home.writeConfig('mode = "composer"\napproval_mode = false\n');
    const loaded = loadConfig({ env: home.env });
    expect(loaded.config?.approval_mode).toBe(false);
    expect(effectiveConfig(must(loaded.config), home.dir, home.env).approval_mode).toBe(true);

    const autopilot = loadConfig({ env: { ...home.env, APP_MODE: 'autopilot' } });
    expect(effectiveConfig(must(autopilot.config), home.dir, home.env).approval_mode).toBe(false);
  });
});

describe('the config file', () => {
  it('a TOML syntax error names line and column and does not throw', () => {
    home.writeConfig('[business]\nproduct_name = "Acme"\nproduct_keywords = ["a", \n\n[llm\n');
    const loaded = loadConfig({ env: home.env });
    expect(loaded.config).toBeUndefined();
    const [issue] = loaded.issues;
    expect(issue?.severity).toBe('error');
    expect(issue?.message).toMatch(/^TOML syntax error/);
    const source = issue?.source;
    if (source?.kind !== 'file') throw new Error('expected a file source');
    expect(source.file).toBe(home.configPath);
    expect(source.line).toBeGreaterThanOrEqual(3);
    expect(source.column).toBeGreaterThan(0);
  });

  it('unknown keys are warnings with the nearest valid key, wrong types are errors with the line', () => {
    home.writeConfig(
      [
        '[business]',
        'product_name = "Acme"',
        'product_keyword = ["a"]',
        '[limits]',
        'max_replies_per_day = "five"',
        'max_tweets_per_day = 0',
        '[schedule]',
        'max_replies_per_day = 3',
      ].join('\n'),
    );
    const lines = loadConfig({ env: home.env }).issues.map(formatIssue);
    const at = (line: number) => `(${home.configPath} line ${line}, column 1)`;
    expect(lines).toEqual([
      `warning: business.product_keyword: unknown key (did you mean business.product_keywords?); ignored ${at(3)}`,
      `warning: schedule.max_replies_per_day: unknown key (did you mean limits.max_replies_per_day?); ignored ${at(8)}`,
      `error: limits.max_replies_per_day: expected number, received string ${at(5)}`,
      `error: limits.max_tweets_per_day: Too small: expected number to be >0 ${at(6)}`,
    ]);
  });

  it('cross-field problems are reported together with schema errors', () => {
    home.writeConfig(
      [
        '[limits]',
        'max_replies_per_day = -1',
        'min_action_delay_seconds = 500',
        '[schedule]',
        'timezone = "Mars/Olympus"',
        '[[content_sources.sources]]',
        'watch = true',
      ].join('\n'),
    );
    const keys = loadConfig({ env: home.env }).issues.map((i) => `${i.severity} ${i.key}`);
    expect(keys).toEqual([
      'error limits.max_replies_per_day',
      'error limits.min_action_delay_seconds',
      'error schedule.timezone',
      'error content_sources.sources[0].path',
    ]);
  });

  it('a named file that does not exist is an error; the default path may be absent', () => {
    expect(loadConfig({ env: home.env }).issues).toEqual([]);
    const missing = loadConfig({ env: home.env, configFlag: `${home.dir}/nope.toml` });
    expect(missing.issues.map(formatIssue)).toEqual([`error: config file not found (${home.dir}/nope.toml)`]);
  });

  it('-c names the config and its directory becomes the data dir unless APP_HOME is set', () => {
    const loaded = loadConfig({ env: { HOME: home.dir }, configFlag: '~/custom/app.toml' });
    expect(loaded.paths.configPath).toBe(`${home.dir}/custom/app.toml`);
    expect(loaded.paths.dataDir).toBe(`${home.dir}/custom`);
    const withHome = loadConfig({
      env: { ...home.env, APP_HOME: `${home.dir}/data` },
      configFlag: '~/custom/app.toml',
    });
    expect(withHome.paths.dataDir).toBe(`${home.dir}/data`);
  });

  it('expands ~ in paths', () => {
    home.writeConfig('[storage]\ndb_path = "~/db/app.db"\n[[content_sources.sources]]\npath = "~/notes"\n');
    const loaded = loadConfig({ env: home.env });
    const effective = effectiveConfig(must(loaded.config), home.dir, home.env);
    expect(effective.storage.db_path).toBe(`${home.dir}/db/app.db`);
    expect(effective.paths.dbPath).toBe(`${home.dir}/db/app.db`);
  });

  it('the loaded config is frozen', () => {
    const { config } = loadConfig({ env: home.env });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config?.limits.banned_phrases)).toBe(true);
  });
});

describe('content sources', () => {
  it('in cloud, an existing local_fs source is kept but flagged as skipped at runtime', () => {
    home.writeConfig('deployment_mode = "cloud"\n[[content_sources.sources]]\npath = "~/notes"\n');
    // A home apart from the data dir (a folder inside the data dir is never a source).
    const loaded = loadConfig({ env: { ...home.env, HOME: '/home/owner' } });
    expect(loaded.config?.content_sources.sources).toHaveLength(1);
    expect(loaded.issues.map(formatIssue)).toEqual([
      `warning: content_sources.sources[0].source_type: local_fs sources are not available in cloud deployment; kept but skipped at runtime (${home.configPath} line 2, column 1)`,
    ]);
  });

  it('a drive source with both connection_id and service_account_key warns that connection_id wins', () => {
    home.writeConfig(
      '[[content_sources.sources]]\nsource_type = "cloud_drive"\nconnection_id = 4\nservice_account_key = "~/key.json"\n',
    );
    const loaded = loadConfig({ env: home.env });
    expect(loaded.config).toBeDefined();
    expect(loaded.issues.map(formatIssue)).toEqual([
      `warning: content_sources.sources[0].service_account_key: both connection_id and service_account_key are set; connection_id is used (${home.configPath} line 4, column 1)`,
    ]);
  });

  it('drive sources are read-only: loop-back is refused; analytics sync needs loop-back', () => {
    home.writeConfig(
      [
        '[[content_sources.sources]]',
        'source_type = "cloud_drive"',
        'connection_id = 1',
        'loop_back_enabled = true',
        '[[content_sources.sources]]',
        'path = "/notes"',
        'loop_back_enabled = false',
        'analytics_sync_enabled = true',
      ].join('\n'),
    );
    const lines = loadConfig({ env: home.env }).issues.map((i) => `${i.key}: ${i.message}`);
    expect(lines).toEqual([
      'content_sources.sources[0].loop_back_enabled: not supported for cloud_drive (read-only)',
      'content_sources.sources[1].analytics_sync_enabled: requires loop_back_enabled',
    ]);
  });
});
