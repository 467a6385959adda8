// The --to URL of `app storage migrate`: which URLs are taken, and that a password never shows, in the URL
// or in any message that quotes it, however it was spelled.
import { describe, expect, it } from 'vitest';
import { checkPostgresUrl, maskPassword, maskPostgresUrl } from './postgres-url.js';

describe('Postgres URLs', () => {
  it('takes postgres:// and postgresql:// URLs, a socket directory included, and refuses others masked', () => {
    for (const url of [
      'postgres://app:pw@db.internal:5432/app',
      'postgresql://localhost/app?sslmode=require',
      'postgresql:///app?host=/var/run/postgresql',
    ]) {
      expect(checkPostgresUrl(url)).toBe(url);
    }
    expect(() => checkPostgresUrl('mysql://root:hunter2@db/app')).toThrow(
      "'mysql://root:***@db/app' is not a postgres:// or postgresql:// URL",
    );
    expect(() => checkPostgresUrl('db.internal:5432')).toThrow('is not a postgres:// or postgresql:// URL');
    expect(() => checkPostgresUrl('//app:hunter2@db/app')).toThrow("'//app:***@db/app' is not a URL");
  });

  it('masks the password in the URL and in any text quoting it, typed or decoded', () => {
    expect(maskPostgresUrl('postgres://app:s3cret@db:5432/app')).toBe('postgres://app:***@db:5432/app');
    expect(maskPostgresUrl('postgres://db/app?password=s3cret&sslmode=require')).toBe(
      'postgres://db/app?password=***&sslmode=require',
    );
    expect(maskPostgresUrl('postgres://app@db/app')).toBe('postgres://app@db/app');
    const url = 'postgres://app:p%40ss%3Aword@db/app';
    expect(maskPassword('auth failed for p@ss:word (p%40ss%3Aword)', url)).toBe('auth failed for *** (***)');
    expect(maskPassword('said s3cret twice: s3cret', 'postgres://db/app?password=s3cret')).toBe(
      'said *** twice: ***',
    );
    expect(maskPassword('nothing to hide', 'postgres://app@db/app')).toBe('nothing to hide');
  });
});
