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
});
