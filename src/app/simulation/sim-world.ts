// The simulated world around the account: people posting about its keywords, mentioning it, the target
// accounts posting on their timelines, and engagement growing on the account's own posts. Each hour adds
// what that hour brings, from the seeded generator, into the fake platform (created at the simulated time).
import type { FakeState } from '../../infra/sandbox/social/index.js';

export interface SimWorldOptions {
  state: FakeState;
  random: () => number;
  keywords: readonly string[];
  /** `[targets] accounts` (created on the fake when missing, so their timelines exist). */
  targets: readonly string[];
  ownUserId: string;
  ownUsername: string;
}

const AUTHORS = 36;
const QUESTIONS = [
  'anyone tried {k} in production?',
  'hot take: {k} is overrated for small teams',
  'what is your go-to setup for {k}?',
  'we moved to {k} last month, here is what broke',
  '{k} tips for someone starting out?',
  'is {k} worth it at our scale (3 engineers)?',
  'the docs for {k} finally clicked for me today',
  'three lessons from a year with {k}',
];
const MENTIONS = [
  '@{me} how do you handle {k}?',
  '@{me} loved your post about {k}, any follow-up?',
  '@{me} does this work with {k}?',
  '@{me} quick question on {k}: retries or queues?',
];
const TARGET_POSTS = [
  'Shipping notes: {k} support is out today.',
  'What we learned running {k} for a year.',
  'Poll: how do you test {k}?',
  'Our roadmap for {k} next quarter.',
];

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)] as T;

export class SimWorld {
  private readonly authors: string[] = [];

  constructor(private readonly options: SimWorldOptions) {}

  /** Creates the people of the world and the target accounts. */
  setup(): void {
    const { state, targets } = this.options;
    const users = [];
    for (let i = 1; i <= AUTHORS; i++) {
      const username = `sim_dev_${String(i).padStart(2, '0')}`;
      if (!state.userByUsername(username)) users.push({ username, followers_count: 50 + i * 37 });
      this.authors.push(username);
    }
    for (const handle of targets) {
      const username = handle.replace(/^@/, '');
      if (!state.userByUsername(username)) users.push({ username, followers_count: 12_000 });
    }
    if (users.length > 0) state.seed({ users });
  }

  /** What one hour of the world brings, at `at`. */
  hour(at: Date): { posts: number; mentions: number; targetPosts: number } {
    const { state, random, keywords, targets } = this.options;
    const created_at = at.toISOString();
    const tweets: Array<{ author_username: string; text: string; created_at: string; like_count: number }> =
      [];
    const keyword = () => pick(keywords, random);
    let mentions = 0;
    let targetPosts = 0;
    if (keywords.length > 0) {
      const count = Math.floor(random() * 4);
      for (let i = 0; i < count; i++) {
        const text = pick(QUESTIONS, random).replace('{k}', keyword());
        tweets.push({
          author_username: pick(this.authors, random),
          text,
          created_at,
          like_count: Math.floor(random() * 40),
        });
      }
      if (random() < 0.3) {
        mentions += 1;
        tweets.push({
          author_username: pick(this.authors, random),
          text: pick(MENTIONS, random).replace('{me}', this.options.ownUsername).replace('{k}', keyword()),
          created_at,
          like_count: 0,
        });
      }
    }
    for (const handle of targets) {
      if (random() >= 0.15) continue;
      targetPosts += 1;
      tweets.push({
        author_username: handle.replace(/^@/, ''),
        text: pick(TARGET_POSTS, random).replace('{k}', keywords.length ? keyword() : 'it'),
        created_at,
        like_count: Math.floor(random() * 200),
      });
    }
    if (tweets.length > 0) state.seed({ tweets });
    this.grow(at);
    return { posts: tweets.length - mentions - targetPosts, mentions, targetPosts };
  }

  /** Engagement on the account's own posts of the last three days grows a little every hour. */
  private grow(at: Date): void {
    const { state, random, ownUserId } = this.options;
    const since = at.getTime() - 3 * 86_400_000;
    for (const tweet of state.tweets.values()) {
      if (tweet.authorId !== ownUserId || tweet.createdAt < since) continue;
      tweet.extra.impressions += 20 + Math.floor(random() * 180);
      if (random() < 0.35) tweet.extra.likes += 1;
      if (random() < 0.08) tweet.extra.replies += 1;
      if (random() < 0.05) tweet.extra.retweets += 1;
    }
  }
}
