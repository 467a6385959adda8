// GET /api/account/profile and its picture against the fake platform: read once (users/me, then the picture)
// and kept, read again after a day or after a login as another account, a burst of calls asks once, and a
// platform that cannot be reached or a picture that must not be fetched never fails the answer.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_ID } from '../../src/infra/sandbox/social/index.js';
import { generatedPng } from '../../src/infra/sandbox/social/profile-pictures.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { type CaptureListener, startCaptureListener } from '../support/capture-listener.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

const DAY_MS = 24 * 60 * 60_000;
const PROFILE = '/api/account/profile';
const PICTURE = '/api/account/profile/picture';
const START = '2026-11-22T12:00:00.000Z';

/** What reached the fake: the users/me reads and the picture downloads, in order. */
const platformCalls = (h: HttpHarness) =>
  h.fake.requests
    .filter((r) => r.path === '/2/users/me' || r.path.startsWith('/profile_images/'))
    .map((r) => `${r.path} ${r.status}`);

const picture = async (h: HttpHarness) => {
  const response = await h.server.inject({
    method: 'GET',
    url: `${PICTURE}?v=1`,
    headers: { host: '127.0.0.1:3001', authorization: `Bearer ${h.token}` },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
};

describe('the account profile, read once and kept', () => {
  let h: HttpHarness;
  beforeAll(async () => {
    // A login that outlives the test's days, so no token refresh mixes into the platform calls.
    h = await startHttpHarness({}, { start: START, loginSeconds: 30 * 86_400 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('reads users/me and the larger picture once for a burst of calls, then serves both from the database', async () => {
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => h.api('GET', PROFILE)));
    const expected = {
      connected: true,
      user_id: DEFAULT_USER_ID,
      display_name: 'App Owner',
      username: 'app_owner',
      has_picture: true,
      fetched_at: START,
    };
    for (const answer of burst) expect(answer).toMatchObject({ status: 200, json: expected });
    expect(platformCalls(h)).toEqual([
      '/2/users/me 200',
      `/profile_images/${DEFAULT_USER_ID}/avatar_400x400.png 200`,
    ]);
    const me = h.fake.requests.find((r) => r.path === '/2/users/me');
    expect(me?.query['user.fields']).toContain('profile_image_url');
    // The read is on the platform bill like every read, attributed to the caller.
    const usage = sqliteOf(h.app.deps.database)
      .sqlite.prepare(
        "select endpoint, status_code, actor, price_kind, resources from api_usage where endpoint = '/2/users/me'",
      )
      .all();
    expect(usage).toEqual([
      { endpoint: '/2/users/me', status_code: 200, actor: 'api', price_kind: 'owned_read', resources: 1 },
    ]);
    const kept = sqliteOf(h.app.deps.database)
      .sqlite.prepare(
        'select user_id, username, display_name, picture_type, length(picture) as size from account_profile',
      )
      .get();
    expect(kept).toEqual({
      user_id: DEFAULT_USER_ID,
      username: 'app_owner',
      display_name: 'App Owner',
      picture_type: 'image/png',
      size: generatedPng(DEFAULT_USER_ID).length,
    });

    expect((await h.api('GET', PROFILE)).json).toEqual(expected);
    const served = await picture(h);
    expect(served.status).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=86400',
    });
    expect(Buffer.compare(served.bytes, generatedPng(DEFAULT_USER_ID))).toBe(0);
    expect(platformCalls(h)).toHaveLength(2);
  });

  it('reads again after a day, keeping a picture whose URL did not change', async () => {
    h.clock.advance(DAY_MS - 1000);
    await h.api('GET', PROFILE);
    expect(platformCalls(h)).toHaveLength(2);
    h.clock.advance(1000);
    const later = await h.api('GET', PROFILE);
    expect(later.json).toMatchObject({ display_name: 'App Owner', fetched_at: '2026-11-23T12:00:00.000Z' });
    expect(platformCalls(h).slice(2)).toEqual(['/2/users/me 200']);
    expect((await picture(h)).status).toBe(200);
  });

  it('takes a new name, handle and picture on the next read', async () => {
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      0x10,
      0x4a,
      0x46,
      0x49,
      0x46,
      0,
      1,
      ...Array(64).fill(0),
    ]);
    h.fake.state.setProfile(DEFAULT_USER_ID, {
      name: 'Ada Lovelace',
      username: 'ada',
      picture: { bytes: jpeg, contentType: 'image/jpeg' },
    });
    h.clock.advance(DAY_MS);
    expect((await h.api('GET', PROFILE)).json).toMatchObject({
      display_name: 'Ada Lovelace',
      username: 'ada',
      has_picture: true,
    });
    expect(platformCalls(h).slice(3)).toEqual([
      '/2/users/me 200',
      expect.stringMatching(/^\/profile_images\/1000\/\d+_400x400\.jpg 200$/),
    ]);
    const served = await picture(h);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(served.bytes, jpeg)).toBe(0);
  });

  it('reads at once for a login as another account, never showing the old account meanwhile', async () => {
    storeFakeLogin(h.fake, h.app.deps.paths.tokensPath, { userId: '1001', expiresInSeconds: 30 * 86_400 });
    h.fake.faults.inject({ path: '/2/users/me', action: h.fake.faults.presets.serverError(503), times: 3 });
    const failed = await h.api('GET', PROFILE);
    expect(failed.json).toMatchObject({
      connected: true,
      display_name: null,
      username: null,
      has_picture: false,
    });
    expect((await picture(h)).status).toBe(404);
    // A minute of quiet after a failure: the platform is not asked again at once.
    const calls = platformCalls(h).length;
    await h.api('GET', PROFILE);
    expect(platformCalls(h)).toHaveLength(calls);
    h.clock.advance(60_000);
    expect((await h.api('GET', PROFILE)).json).toMatchObject({
      user_id: '1001',
      display_name: 'Dana Ruiz',
      username: 'dana_devrel',
      has_picture: true,
    });
  });

  it('is authenticated like every route', async () => {
    expect((await h.api('GET', PROFILE, undefined, { auth: false })).status).toBe(401);
    expect((await h.api('GET', PICTURE, undefined, { auth: false })).status).toBe(401);
  });
});

describe('the account profile when the platform cannot be reached', () => {
  let h: HttpHarness;
  beforeEach(async () => {
    h = await startHttpHarness({}, { start: START, loginSeconds: 30 * 86_400 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('answers a placeholder, never an error, with nothing kept', async () => {
    h.fake.faults.inject({ path: '/2/users/me', action: { type: 'drop' }, times: -1 });
    const answer = await h.api('GET', PROFILE);
    expect(answer).toMatchObject({
      status: 200,
      json: {
        connected: true,
        user_id: null,
        display_name: null,
        username: null,
        has_picture: false,
        fetched_at: null,
      },
    });
    expect((await picture(h)).status).toBe(404);
  });

  it('answers what is kept when the day-old profile cannot be read again', async () => {
    await h.api('GET', PROFILE);
    h.clock.advance(DAY_MS);
    h.fake.faults.inject({ path: '/2/users/me', action: h.fake.faults.presets.serverError(503), times: -1 });
    const answer = await h.api('GET', PROFILE);
    expect(answer).toMatchObject({ status: 200, json: { display_name: 'App Owner', fetched_at: START } });
    expect((await picture(h)).status).toBe(200);
  });

  it('answers without asking the platform when there is no login', async () => {
    const none = await startHttpHarness({}, { start: START, login: false });
    try {
      expect((await none.api('GET', PROFILE)).json).toEqual({
        connected: false,
        user_id: null,
        display_name: null,
        username: null,
        has_picture: false,
        fetched_at: null,
      });
      expect(platformCalls(none)).toEqual([]);
    } finally {
      await none.close();
    }
  });
});

describe('pictures that are not kept', () => {
  let h: HttpHarness;
  let elsewhere: CaptureListener;
  beforeAll(async () => {
    elsewhere = await startCaptureListener();
    h = await startHttpHarness(
      { social_api: { request_timeout_seconds: 1 } },
      { start: START, loginSeconds: 365 * 86_400 },
    );
  });
  afterAll(async () => {
    await h.close();
    await elsewhere.close();
  });

  /** The next day's read with the fake naming `change`; answers has_picture and what was downloaded. */
  async function nextRead(change: Parameters<typeof h.fake.state.setProfile>[1]) {
    h.fake.state.setProfile(DEFAULT_USER_ID, change);
    h.clock.advance(DAY_MS);
    const before = h.fake.requests.length;
    const answer = await h.api('GET', PROFILE);
    expect(answer.status).toBe(200);
    const downloads = h.fake.requests
      .slice(before)
      .filter((r) => r.path.startsWith('/profile_images/'))
      .map((r) => r.status);
    return { hasPicture: answer.json.has_picture as boolean, downloads, picture: (await picture(h)).status };
  }

  it('fetches nothing from another host, scheme or port', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'https://evil.example/x.jpg',
      `${elsewhere.url}/profile_images/1000/avatar_normal.png`,
      `${h.fake.url.replace('http:', 'https:')}/profile_images/1000/avatar_normal.png`,
      'file:///etc/passwd',
    ]) {
      expect(await nextRead({ profileImageUrl: url }), url).toEqual({
        hasPicture: false,
        downloads: [],
        picture: 404,
      });
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it('keeps no picture that is not an image, is over 1 MB, redirects or does not answer in time', async () => {
    const own = { profileImageUrl: null };
    expect(
      await nextRead({
        ...own,
        picture: { bytes: Buffer.from('<html>hello</html>'), contentType: 'image/jpeg' },
      }),
    ).toEqual({ hasPicture: false, downloads: [200, 200], picture: 404 });
    expect(
      await nextRead({
        picture: { bytes: Buffer.from('{"not":"an image"}'), contentType: 'application/json' },
      }),
    ).toEqual({ hasPicture: false, downloads: [200, 200], picture: 404 });
    const big = Buffer.concat([generatedPng(DEFAULT_USER_ID), Buffer.alloc(1024 * 1024)]);
    expect(await nextRead({ picture: { bytes: big, contentType: 'image/png' } })).toEqual({
      hasPicture: false,
      downloads: [200, 200],
      picture: 404,
    });

    h.fake.faults.inject({
      path: '/profile_images/',
      action: h.fake.faults.presets.redirect(`${elsewhere.url}/x.png`),
      times: 2,
    });
    expect(await nextRead({ picture: null })).toEqual({
      hasPicture: false,
      downloads: [302, 302],
      picture: 404,
    });
    expect(elsewhere.requests).toEqual([]);

    h.fake.faults.inject({ path: '/profile_images/', action: h.fake.faults.presets.latency(1500), times: 2 });
    expect((await nextRead({ picture: null })).hasPicture).toBe(false);

    // And the same picture, served well, is kept on the next read.
    expect(await nextRead({ picture: null })).toEqual({ hasPicture: true, downloads: [200], picture: 200 });
  });
});
