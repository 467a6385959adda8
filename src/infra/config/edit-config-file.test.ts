import { readFileSync, statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempHome, type TempHome } from '../../../test/support/temp-home.js';
import { AppError } from '../../core/errors.js';
import { editConfigFile } from './edit-config-file.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const errorKeys = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return ((error as AppError).details as Array<{ key: string; message: string }>).map(
      (i) => `${i.key}: ${i.message}`,
    );
  }
  throw new Error('expected the edit to be refused');
};

describe('editConfigFile', () => {
  it('saves a valid edit atomically with mode 0600', () => {
    home.writeConfig('# mine\n[limits]\nmax_replies_per_day = 5\n');
    editConfigFile(home.configPath, [{ key: 'limits.max_replies_per_day', value: 2 }]);
    expect(readFileSync(home.configPath, 'utf8')).toBe('# mine\n[limits]\nmax_replies_per_day = 2\n');
    expect(statSync(home.configPath).mode & 0o777).toBe(0o600);
  });

  it('refuses an invalid result and leaves the file byte-for-byte unchanged', () => {
    const original = '# mine\n[limits]\nmax_action_delay_seconds = 60\n';
    home.writeConfig(original);
    const keys = errorKeys(() =>
      editConfigFile(home.configPath, [{ key: 'limits.min_action_delay_seconds', value: 90 }]),
    );
    expect(keys).toEqual([
      'limits.min_action_delay_seconds: must not be greater than limits.max_action_delay_seconds',
    ]);
    expect(readFileSync(home.configPath, 'utf8')).toBe(original);
  });

  it('in cloud deployment, saving a new local_fs source is rejected', () => {
    const original = 'deployment_mode = "cloud"\n';
    home.writeConfig(original);
    const keys = errorKeys(() =>
      editConfigFile(home.configPath, [{ key: 'content_sources.sources', value: [{ path: '/notes' }] }]),
    );
    expect(keys).toEqual([
      'content_sources.sources[0].source_type: local_fs sources are not available in cloud deployment; not saved',
    ]);
    expect(readFileSync(home.configPath, 'utf8')).toBe(original);
  });

  it('in cloud deployment, an existing local_fs source does not block unrelated edits', () => {
    home.writeConfig('deployment_mode = "cloud"\n[[content_sources.sources]]\npath = "/notes"\n');
    const result = editConfigFile(home.configPath, [{ key: 'business.product_name', value: 'Acme' }]);
    expect(result.config.content_sources.sources).toHaveLength(1);
    expect(result.issues.map((i) => i.severity)).toEqual(['warning']);
  });

  it('collects every problem of one change by key path and writes nothing', () => {
    const original = '# mine\n[limits]\nmax_replies_per_day = 5\n';
    home.writeConfig(original);
    const keys = errorKeys(() =>
      editConfigFile(home.configPath, [
        { key: 'limits.max_reply_per_day', value: 1 },
        { key: 'limits', value: { max_replies_per_day: 1 } },
        { key: 'limits.max_tweets_per_day', text: 'lots' },
        { key: 'business.brand_voice', value: 'x\ud800' },
        { key: 'business.product_keywords', value: ['a', null] },
        { key: 'mcp_policy.rules', value: [{ a: [[[[[[[[[1]]]]]]]]] }] },
        { key: 'limits.max_replies_per_day', value: 'two' },
        { key: 'limits.max_replies_per_day', value: undefined },
      ]),
    );
    expect(keys).toEqual([
      'limits.max_reply_per_day: unknown config key (did you mean limits.max_replies_per_day?)',
      'limits: is a section, not a key; name its keys (limits.max_replies_per_day)',
      "limits.max_tweets_per_day: 'lots' is not a valid integer",
      'business.brand_voice: contains an unpaired surrogate (not valid Unicode), which a TOML file cannot hold',
      'business.product_keywords: TOML has no null: leave the entry out',
      'mcp_policy.rules: nested more than 8 levels deep',
      'limits.max_replies_per_day: named more than once in one change',
      'limits.max_replies_per_day: expected number, received string',
    ]);
    expect(readFileSync(home.configPath, 'utf8')).toBe(original);
  });

  it('text edits are read like env vars; an empty text removes the key', () => {
    home.writeConfig('[limits]\nmax_replies_per_day = 5\n');
    editConfigFile(home.configPath, [
      { key: 'limits.max_replies_per_day', text: '' },
      { key: 'business.product_keywords', text: 'cli, tui' },
      { key: 'approval_mode', text: 'no' },
    ]);
    expect(readFileSync(home.configPath, 'utf8')).toBe(
      'approval_mode = false\n[limits]\n\n[business]\nproduct_keywords = [ "cli", "tui" ]\n',
    );
  });

  it('with layers, the result must also hold under the env the process runs with', () => {
    const original = '[business]\nproduct_name = "Acme"\n';
    home.writeConfig(original);
    const layers = { env: { ...home.env, APP_DEPLOYMENT_MODE: 'cloud' } };
    const edit = [{ key: 'content_sources.sources', value: [{ path: '/notes' }] }];
    expect(errorKeys(() => editConfigFile(home.configPath, edit, { layers }))).toEqual([
      'content_sources.sources[0].source_type: local_fs sources are not available in cloud deployment; not saved',
    ]);
    expect(readFileSync(home.configPath, 'utf8')).toBe(original);
    editConfigFile(home.configPath, edit);
    expect(readFileSync(home.configPath, 'utf8')).toContain('sources = [ { path = "/notes" } ]');
  });

  it('a file with a TOML syntax error is refused as a whole, untouched', () => {
    const original = 'mode = "composer\n';
    home.writeConfig(original);
    const keys = errorKeys(() => editConfigFile(home.configPath, [{ key: 'mode', value: 'autopilot' }]));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^: the file has a TOML syntax error; fix it by hand first/);
    expect(readFileSync(home.configPath, 'utf8')).toBe(original);
  });
});
