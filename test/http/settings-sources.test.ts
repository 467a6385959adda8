// Content sources through PATCH /api/settings: a folder in a system or secret location (also behind a
// symlink), the data dir, file patterns that are not note files and a drive key file in a system location
// are refused with the reason and the file is left as it was; note folders and text patterns save. An
// entry the owner wrote by hand stays (a warning) while other settings change.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

const CONFIG = '# mine\nmode = "composer"\n';

let h: HttpHarness;
let dir: string;
beforeEach(async () => {
  h = await startHttpHarness();
  h.home.writeConfig(CONFIG);
  dir = mkdtempSync(join(tmpdir(), 'settings-sources-'));
});
afterEach(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const folder = (path: string, more: object = {}) => ({
  set: { 'content_sources.sources': [{ source_type: 'local_fs', path, ...more }] },
});

async function expectRefused(body: object, message: RegExp) {
  const response = await h.api('PATCH', '/api/settings', body);
  expect(response.status, JSON.stringify(response.json)).toBe(400);
  expect(response.json.error.code).toBe('validation_error');
  expect(response.json.error.message).toMatch(message);
  expect(readFileSync(h.home.configPath, 'utf8')).toBe(CONFIG);
}

describe('PATCH /api/settings: content source locations', () => {
  it('refuses system locations, also behind a symlink', async () => {
    await expectRefused(folder('/etc'), /content_sources\.sources\[0\]\.path: \/etc is a system location/);
    await expectRefused(folder('/'), /\/ is a system location/);
    await expectRefused(folder('/proc/self'), /\/proc\/self is a system location/);
    await expectRefused(folder('/var/lib/app/../../log'), /is a system location/);
    symlinkSync('/etc', join(dir, 'etc-link'));
    await expectRefused(folder(join(dir, 'etc-link')), /resolves to \/etc, a system location/);
    symlinkSync('/root', join(dir, 'root-link'));
    await expectRefused(folder(join(dir, 'root-link', 'notes')), /resolves to \/root\/notes/);
  });

  it('refuses secret folders anywhere in the path, and the data dir and its children', async () => {
    mkdirSync(join(dir, '.aws', 'notes'), { recursive: true });
    await expectRefused(folder(join(dir, '.aws', 'notes')), /\.aws.*keeps secrets/);
    await expectRefused(folder(join(dir, '.gnupg')), /\.gnupg.*keeps secrets/);
    await expectRefused(folder(h.home.dir), /the data directory/);
    await expectRefused(folder(join(h.home.dir, 'media')), /the data directory/);
  });

  it('refuses file patterns that are not note files', async () => {
    const at = /content_sources\.sources\[0\]\.file_patterns/;
    await expectRefused(folder(dir, { file_patterns: ['passwd'] }), at);
    await expectRefused(folder(dir, { file_patterns: ['passwd'] }), /'passwd' has no file extension/);
    await expectRefused(folder(dir, { file_patterns: ['*'] }), /'\*' has no file extension/);
    await expectRefused(folder(dir, { file_patterns: ['*.*'] }), /name the extension/);
    await expectRefused(
      folder(dir, { file_patterns: ['*.md', '*.pem'] }),
      /'\*\.pem' names key or credential/,
    );
    await expectRefused(folder(dir, { file_patterns: ['*.key'] }), /names key or credential/);
    await expectRefused(folder(dir, { file_patterns: ['id_rsa*'] }), /names key or credential/);
    await expectRefused(folder(dir, { file_patterns: ['*.kdbx'] }), /names key or credential/);
    await expectRefused(folder(dir, { file_patterns: ['.env*'] }), /dot-files/);
    await expectRefused(folder(dir, { file_patterns: ['!*.md'] }), /negated/);
    await expectRefused(folder(dir, { file_patterns: ['*.json'] }), /'\*\.json' is not a note file type/);
  });

  it('saves a note folder with the default and other text patterns', async () => {
    const response = await h.api(
      'PATCH',
      '/api/settings',
      folder(dir, { file_patterns: ['*.md', '*.markdown', '*.org', '*.rst', 'journal-*.txt'] }),
    );
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(readFileSync(h.home.configPath, 'utf8')).toContain(`path = "${dir}"`);
  });

  it('refuses a drive key file in a system location or not a .json file', async () => {
    const drive = (key: string) => ({
      set: { 'content_sources.sources': [{ source_type: 'cloud_drive', service_account_key: key }] },
    });
    await expectRefused(
      drive('/etc/app/sa.json'),
      /service_account_key: \/etc\/app\/sa\.json is a system location/,
    );
    await expectRefused(drive(join(dir, 'id_rsa')), /service_account_key: .*a \.json key file/);
    const saved = await h.api('PATCH', '/api/settings', drive(join(dir, 'gcloud', 'sa.json')));
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  });

  it('keeps an entry the owner wrote by hand (a warning) while another setting changes', async () => {
    const text = `${CONFIG}\n[[content_sources.sources]]\npath = "/etc"\nfile_patterns = ["passwd"]\n`;
    h.home.writeConfig(text);
    const response = await h.api('PATCH', '/api/settings', { set: { mode: 'autopilot' } });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.json.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'content_sources.sources[0].path',
          severity: 'warning',
          message: expect.stringMatching(/system location.*disabled/),
        }),
      ]),
    );
    // Adding a second entry to that list does not smuggle a new one in.
    await expect(
      h.api('PATCH', '/api/settings', {
        set: {
          'content_sources.sources': [
            { source_type: 'local_fs', path: '/etc', file_patterns: ['passwd'] },
            { source_type: 'local_fs', path: '/root' },
          ],
        },
      }),
    ).resolves.toMatchObject({ status: 400 });
  });
});
