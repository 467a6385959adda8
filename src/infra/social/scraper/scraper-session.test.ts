// The browser-session file of the scraper backend: owner-only writes, validation, guest mode when absent.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readScraperSession, removeScraperSession, writeScraperSession } from './scraper-session.js';

let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'scraper-session-'));
  path = join(dir, 'data', 'scraper_session.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('scraper session file', () => {
  it('writes 0600 and reads back what was written', async () => {
    const saved = writeScraperSession(path, { auth_token: ' abc123 ', ct0: 'csrf456', username: '@alice' });
    expect(saved).toEqual({ auth_token: 'abc123', ct0: 'csrf456', username: 'alice' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await readScraperSession(path)).toEqual(saved);
  });

  it('is undefined when there is no file (guest mode), also after removal', async () => {
    expect(await readScraperSession(path)).toBeUndefined();
    writeScraperSession(path, { auth_token: 'a', ct0: 'b' });
    await removeScraperSession(path);
    await removeScraperSession(path);
    expect(await readScraperSession(path)).toBeUndefined();
  });

  it('refuses a file that is not JSON or lacks a cookie, naming the file', async () => {
    writeScraperSession(path, { auth_token: 'a', ct0: 'b' });
    writeFileSync(path, 'auth_token=a; ct0=b');
    await expect(readScraperSession(path)).rejects.toMatchObject({
      code: 'social_not_configured',
      message: expect.stringContaining(`${path} is invalid (not JSON)`),
    });
    writeFileSync(path, JSON.stringify({ auth_token: 'a' }));
    await expect(readScraperSession(path)).rejects.toMatchObject({
      code: 'social_not_configured',
      message: expect.stringContaining('ct0'),
    });
  });

  it('does not write an unusable session', () => {
    expect(() => writeScraperSession(path, { auth_token: 'a b', ct0: 'c' })).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
    expect(() => writeScraperSession(path, { auth_token: 'a', ct0: '' })).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
  });
});
