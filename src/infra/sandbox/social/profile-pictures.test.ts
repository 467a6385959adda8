// The fake's profile pictures: users/me names a picture on the fake's own origin only when user.fields asks for
// profile_image_url, the picture is served (any size suffix) without a token, and tests change the account's
// name, handle and picture (in-process and through the control API).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, client } from '../../../../test/support/fake-social-client.js';
import { createFakeClock } from './clock.js';
import { DEFAULT_USER_ID } from './constants.js';
import { type FakeSocial, startFakeSocial } from './server.js';

type Me = { data: { id: string; name: string; username: string; profile_image_url?: string } };
let fake: FakeSocial;
let control: Client;
let api: Client;

beforeAll(async () => {
  fake = await startFakeSocial({ clock: createFakeClock({ frozen: true }) });
  control = client(fake.url);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  await control.post('/__control/reset');
  const token = await control.post<{ access_token: string }>('/__control/tokens', { scopes: 'users.read' });
  api = client(fake.url, token.body.access_token);
});

const me = async (fields?: string) =>
  (await api.get<Me>('/2/users/me', fields ? { 'user.fields': fields } : undefined)).body.data;

describe('profile pictures', () => {
  it('names the picture only when asked, on the fake origin, in the platform path shape', async () => {
    expect(await me()).toEqual({ id: DEFAULT_USER_ID, name: 'App Owner', username: 'app_owner' });
    const url = (await me('profile_image_url')).profile_image_url ?? '';
    expect(url).toBe(`${fake.url}/profile_images/${DEFAULT_USER_ID}/avatar_normal.png`);
  });

  it('serves the picture without a token at every size, and 404 for another name', async () => {
    const anonymous = client(fake.url);
    const normal = await fetch(`${fake.url}/profile_images/${DEFAULT_USER_ID}/avatar_normal.png`);
    const large = await fetch(`${fake.url}/profile_images/${DEFAULT_USER_ID}/avatar_400x400.png`);
    expect([normal.status, large.status]).toEqual([200, 200]);
    expect(normal.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await large.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(bytes.readUInt32BE(16)).toBe(400);
    expect((await anonymous.get(`/profile_images/${DEFAULT_USER_ID}/other_normal.png`)).status).toBe(404);
    expect((await anonymous.get('/profile_images/999999/avatar_normal.png')).status).toBe(404);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/profile_images/999999/avatar_normal.png',
      status: 404,
    });
  });

  it('lets a test change the name, handle and picture (a new picture is a new URL)', async () => {
    const set = await control.post(`/__control/users/${DEFAULT_USER_ID}/profile`, {
      name: 'Ada Lovelace',
      username: 'ada',
      picture: { content_type: 'image/jpeg', base64: Buffer.from('not really a jpeg').toString('base64') },
    });
    expect(set.body).toEqual({ id: DEFAULT_USER_ID, name: 'Ada Lovelace', username: 'ada' });
    const after = await me('profile_image_url');
    expect(after).toMatchObject({ name: 'Ada Lovelace', username: 'ada' });
    expect(after.profile_image_url).toMatch(
      new RegExp(`^${fake.url}/profile_images/${DEFAULT_USER_ID}/\\d+_normal\\.jpg$`),
    );
    const served = await fetch(after.profile_image_url ?? '');
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await served.text()).toBe('not really a jpeg');

    fake.state.setProfile(DEFAULT_USER_ID, { profileImageUrl: 'http://169.254.169.254/latest/meta-data' });
    expect((await me('profile_image_url')).profile_image_url).toBe('http://169.254.169.254/latest/meta-data');
    expect(() => fake.state.setProfile(DEFAULT_USER_ID, { username: 'Dana_DevRel' })).toThrow(/taken/);
    expect((await control.post('/__control/users/1/profile', { name: 'x' })).status).toBe(400);

    await control.post('/__control/reset');
    expect(fake.state.users.get(DEFAULT_USER_ID)?.name).toBe('App Owner');
  });
});
