// The profile picture URL rules: which hosts may be asked, the larger variant first, and when a kept profile
// is read again.
import { describe, expect, it } from 'vitest';
import { allowedPictureUrl, pictureCandidates, profileNeedsRead } from './profile-picture-url.js';

const API = 'https://api.x.com';
const allowed = (url: string, api = API) => allowedPictureUrl(url, api)?.href;

describe('allowedPictureUrl', () => {
  it('allows https on the image host and the API base URL’s own origin', () => {
    const real = 'https://pbs.twimg.com/profile_images/1/a_normal.jpg';
    expect(allowed(real)).toBe(real);
    expect(allowed('http://127.0.0.1:4100/profile_images/1/a_normal.png', 'http://127.0.0.1:4100')).toBe(
      'http://127.0.0.1:4100/profile_images/1/a_normal.png',
    );
    expect(allowed('https://api.x.com/whatever.png')).toBe('https://api.x.com/whatever.png');
  });

  it('refuses every other host, scheme, port and credentials', () => {
    for (const url of [
      'http://pbs.twimg.com/profile_images/1/a_normal.jpg',
      'https://pbs.twimg.com:8443/profile_images/1/a_normal.jpg',
      'https://pbs.twimg.com.evil.example/a.jpg',
      'https://user:pw@pbs.twimg.com/a.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'https://evil.example/x.jpg',
      'http://127.0.0.1:4101/profile_images/1/a.png',
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      'not a url',
    ]) {
      expect(allowed(url, 'http://127.0.0.1:4100'), url).toBeUndefined();
    }
    expect(allowed('https://pbs.twimg.com/a.jpg', 'not a url')).toBe('https://pbs.twimg.com/a.jpg');
    expect(allowed('http://127.0.0.1/a.jpg', 'not a url')).toBeUndefined();
  });
});

describe('pictureCandidates', () => {
  it('tries the 400x400 variant of the platform’s _normal picture first', () => {
    expect(pictureCandidates('https://pbs.twimg.com/profile_images/123/abc_normal.jpg')).toEqual([
      'https://pbs.twimg.com/profile_images/123/abc_400x400.jpg',
      'https://pbs.twimg.com/profile_images/123/abc_normal.jpg',
    ]);
    expect(pictureCandidates('https://pbs.twimg.com/profile_images/123/abc_normal')).toEqual([
      'https://pbs.twimg.com/profile_images/123/abc_400x400',
      'https://pbs.twimg.com/profile_images/123/abc_normal',
    ]);
  });

  it('takes any other URL as given', () => {
    for (const url of [
      'https://pbs.twimg.com/profile_images/123/abc.jpg',
      'https://pbs.twimg.com/media/abc_normal.jpg',
      'https://pbs.twimg.com/profile_images/123/abc_bigger.jpg',
    ]) {
      expect(pictureCandidates(url)).toEqual([url]);
    }
  });
});

describe('profileNeedsRead', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const kept = (hoursAgo: number, user_id = '1') => ({
    user_id,
    fetched_at: new Date(now.getTime() - hoursAgo * 3_600_000),
  });

  it('reads when nothing is kept, after a day, for another login, or a row from the future', () => {
    expect(profileNeedsRead(undefined, now, '1')).toBe(true);
    expect(profileNeedsRead(kept(23.9), now, '1')).toBe(false);
    expect(profileNeedsRead(kept(23.9), now, undefined)).toBe(false);
    expect(profileNeedsRead(kept(24), now, '1')).toBe(true);
    expect(profileNeedsRead(kept(1), now, '2')).toBe(true);
    expect(profileNeedsRead(kept(-1), now, '1')).toBe(true);
  });
});
