// The transport under the endpoint and universal tools: redirects are answers (never followed, for reads or
// writes), a raw path cannot leave its host, and caller headers never replace the bearer token.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SocialEndpoint } from '../../src/contracts/social-endpoint.js';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { EndpointCaller } from '../../src/infra/social/endpoint-caller.js';
import { type SocialHarness, startSocialHarness } from '../support/social-harness.js';

let h: SocialHarness;
let caller: EndpointCaller;
beforeAll(async () => {
  h = await startSocialHarness();
});
beforeEach(() => {
  h.fake.faults.clear();
  h.fake.requests.length = 0;
  h.storeToken();
  const transport = h.backend().transport;
  if (!transport) throw new Error('the official API backend has a transport');
  caller = new EndpointCaller(transport);
});
afterAll(() => h.close());

const raw = (method: SocialEndpoint['method'], path: string): SocialEndpoint => ({
  method,
  host: 'api',
  path,
  scopes: [],
});

describe('redirects', () => {
  it('turns a 3xx on a read into a non-retryable error carrying the location, without following it', async () => {
    h.fake.faults.inject({
      path: '/2/users/me',
      action: faultPresets.redirect(`${h.fake.url}/2/users/1001`, 301),
    });
    const error = await caller.call({ endpoint: raw('GET', '/2/users/me'), rawPath: true }).catch((e) => e);
    expect(error).toMatchObject({
      code: 'social_api_error',
      retryable: false,
      details: { redirect: { status: 301, location: `${h.fake.url}/2/users/1001` } },
    });
    expect(h.seen()).toEqual(['GET /2/users/me']);
  });

  it('does not replay a write at the redirect target either', async () => {
    h.fake.faults.inject({
      method: 'POST',
      path: '/2/lists',
      action: faultPresets.redirect('http://169.254.169.254/', 307),
    });
    const error = await caller
      .call({ endpoint: { ...raw('POST', '/2/lists'), scopes: ['list.write'] }, json: { name: 'x' } })
      .catch((e) => e);
    expect(error.details).toEqual({ redirect: { status: 307, location: 'http://169.254.169.254/' } });
    expect(h.seen()).toEqual(['POST /2/lists']);
    expect([...h.fake.state.lists.values()].some((list) => list.name === 'x')).toBe(false);
  });
});

describe('raw paths and headers', () => {
  it('sends a raw path as given and refuses one that would resolve to another origin', async () => {
    const me = await caller.call({ endpoint: raw('GET', '/2/users/me'), rawPath: true });
    expect(me.json).toMatchObject({ data: { id: '1000' } });
    for (const path of ['//evil.example/2/users/me', 'http://evil.example/2/users/me']) {
      await expect(caller.call({ endpoint: raw('GET', path), rawPath: true })).rejects.toMatchObject({
        code: 'validation_error',
      });
    }
    expect(h.seen()).toEqual(['GET /2/users/me']);
  });

  it('keeps the bearer token whatever headers the caller passes', async () => {
    const me = await caller.call({
      endpoint: raw('GET', '/2/users/me'),
      rawPath: true,
      headers: { Authorization: 'Bearer not-the-token', 'x-request-note': 'hi' },
    });
    expect(me.status).toBe(200);
  });
});
