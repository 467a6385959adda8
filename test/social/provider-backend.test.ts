// provider_backend chooses the backend: the scraper, built from config, reports the spec's capability
// object and gates mutations; the official API is the default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/contracts/config/config.js';
import { createSocialBackend } from '../../src/infra/social/create-social-backend.js';
import { writeScraperSession } from '../../src/infra/social/scraper/scraper-session.js';
import { type FakeScraper, startFakeScraper } from '../fakes/scraper/fake-scraper.js';
import { FAKE_SESSION } from '../fakes/scraper/fake-scraper-state.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeScraper;
let home: TempHome;
beforeAll(async () => {
  fake = await startFakeScraper();
  home = createTempHome();
});
afterAll(async () => {
  await fake.close();
  home.cleanup();
});

function scraperBackend(allowMutations: boolean) {
  const config = ConfigSchema.parse({
    social_api: {
      provider_backend: 'scraper',
      scraper_base_url: fake.url,
      scraper_allow_mutations: allowMutations,
    },
  });
  return createSocialBackend({
    config,
    tokensPath: `${home.dir}/tokens.json`,
    scraperSessionPath: `${home.dir}/scraper_session.json`,
    // wall clock: the scraper fake keeps real time (sessions, rate windows)
    clock: { now: () => new Date() },
    sleep: async () => {},
  });
}

describe('provider backends', () => {
  it('the scraper reports exactly the spec capability object, and reads without platform tokens', async () => {
    const social = scraperBackend(false);
    expect(social.capabilities).toEqual({
      backend: 'scraper',
      mutations_available: false,
      risk_level: 'elevated',
      data_confidence: 'medium',
      unsupported_methods: ['get_user_mentions', 'get_home_timeline', 'get_me', 'get_bookmarks'],
      note: expect.stringMatching(/.+/),
    });
    expect(social.tokens).toBeUndefined();
    const user = await social.read.getUserByUsername('alice');
    expect(user.username).toBe('alice');
  });

  it('mutations are blocked with scraper_mutation_blocked unless scraper_allow_mutations = true', async () => {
    const sent = fake.requests.length;
    await expect(scraperBackend(false).write.postTweet({ text: 'hello' })).rejects.toMatchObject({
      code: 'scraper_mutation_blocked',
      retryable: false,
    });
    expect(fake.requests.length).toBe(sent);
    writeScraperSession(`${home.dir}/scraper_session.json`, FAKE_SESSION);
    const allowed = scraperBackend(true);
    expect(allowed.capabilities.mutations_available).toBe(true);
    const post = await allowed.write.postTweet({ text: 'allowed on purpose' });
    expect((await allowed.read.getTweet(post.id)).text).toBe('allowed on purpose');
  });

  it('unsupported methods fail clearly without a request', async () => {
    const social = scraperBackend(false);
    const sent = fake.requests.length;
    for (const call of [
      () => social.read.getMe(),
      () => social.read.getMentions(),
      () => social.read.getHomeTimeline(),
    ]) {
      await expect(call()).rejects.toMatchObject({
        code: 'validation_error',
        message: expect.stringContaining('not supported by the scraper backend'),
      });
    }
    expect(fake.requests.length).toBe(sent);
  });

  it('social_api is the default backend', () => {
    const social = createSocialBackend({
      config: ConfigSchema.parse({}),
      tokensPath: `${home.dir}/none.json`,
      scraperSessionPath: `${home.dir}/none-session.json`,
      // wall clock: no call is made; capabilities only
      clock: { now: () => new Date() },
    });
    expect(social.capabilities.backend).toBe('social_api');
    expect(social.tokens).toBeDefined();
  });
});
