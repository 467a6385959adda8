// The fake web API's world: seeded users and posts, follows/likes/retweets/bookmarks, browser sessions,
// guest tokens and per-operation rate-limit windows. Tests read and change it directly.
import type { FakePost, FakeUser, PostCounts, UserCounts } from './web-shapes.js';
import { webTweet, webUser } from './web-shapes.js';

export interface FakeSession {
  auth_token: string;
  ct0: string;
  userId: string;
}

/** The seeded session of @alice, the account the tests act as. */
export const FAKE_SESSION = {
  auth_token: 'fake-auth-token-alice',
  ct0: 'fake-ct0-alice',
  username: 'alice',
} as const;

export const SEED_IDS = {
  alice: '1001',
  bob: '1002',
  carol: '1003',
  dave: '1004',
  suspended: '1005',
  /** Alice's newest post, liked by bob and dave. */
  aliceLatest: '1800000000000000012',
  reply: '1800000000000000020',
  quote: '1800000000000000021',
  deleted: '1800000000000000022',
  limited: '1800000000000000023',
} as const;

const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 0, 5, 9, 0, 0);

export class FakeScraperState {
  readonly users = new Map<string, FakeUser>();
  readonly posts = new Map<string, FakePost>();
  /** `follower>followee`. */
  readonly follows = new Set<string>();
  readonly followRequests = new Set<string>();
  /** post id → user ids, most recent last. */
  readonly likes = new Map<string, string[]>();
  readonly retweets = new Map<string, Set<string>>();
  readonly bookmarks = new Map<string, Set<string>>();
  readonly sessions = new Map<string, FakeSession>();
  readonly guestTokens = new Set<string>();
  guestActivations = 0;
  /** Requests allowed per operation and window (unset: 500). */
  readonly rateLimits = new Map<string, number>();
  private readonly windows = new Map<string, { used: number; resetAt: number }>();
  private nextId = 1900000000000000000n;

  constructor() {
    this.seed();
  }

  addSession(session: FakeSession): void {
    this.sessions.set(session.auth_token, session);
  }

  activateGuestToken(): string {
    this.guestActivations++;
    const token = `gt-${1700000000000000000n + BigInt(this.guestActivations)}`;
    this.guestTokens.add(token);
    return token;
  }

  /** Every guest token handed out so far becomes invalid (the next guest request gets 403 code 239). */
  expireGuestTokens(): void {
    this.guestTokens.clear();
  }

  setRateLimit(operation: string, limit: number): void {
    this.rateLimits.set(operation, limit);
    this.windows.delete(operation);
  }

  /** Counts one call of `operation`; the values of its `x-rate-limit-*` headers and whether it is allowed. */
  takeRateLimit(
    operation: string,
    // wall clock: the fake keeps real time unless a test passes `now`
    now = Date.now(),
  ): { allowed: boolean; limit: number; remaining: number; reset: number } {
    const limit = this.rateLimits.get(operation) ?? 500;
    let window = this.windows.get(operation);
    if (!window || window.resetAt * 1000 <= now) {
      window = { used: 0, resetAt: Math.floor(now / 1000) + 900 };
      this.windows.set(operation, window);
    }
    const allowed = window.used < limit;
    if (allowed) window.used++;
    return { allowed, limit, remaining: Math.max(0, limit - window.used), reset: window.resetAt };
  }

  /** When the current window of `operation` resets (epoch seconds), if one is open. */
  rateLimitReset(operation: string): number | undefined {
    return this.windows.get(operation)?.resetAt;
  }

  newId(): string {
    this.nextId += 1n;
    return this.nextId.toString();
  }

  userByName(screenName: string): FakeUser | undefined {
    const wanted = screenName.toLowerCase();
    return [...this.users.values()].find((u) => u.screen_name.toLowerCase() === wanted);
  }

  /** Visible posts, newest first (ids grow with time). */
  timeline(filter: (post: FakePost) => boolean): FakePost[] {
    return [...this.posts.values()]
      .filter((p) => !p.deleted && filter(p))
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  }

  followersOf(userId: string): string[] {
    return [...this.follows].filter((f) => f.endsWith(`>${userId}`)).map((f) => f.split('>')[0] ?? '');
  }

  followingOf(userId: string): string[] {
    return [...this.follows].filter((f) => f.startsWith(`${userId}>`)).map((f) => f.split('>')[1] ?? '');
  }

  userCounts(user: FakeUser): UserCounts {
    return {
      followers: this.followersOf(user.id).length,
      following: this.followingOf(user.id).length,
      statuses: this.timeline((p) => p.author_id === user.id).length,
      likes: [...this.likes.values()].filter((ids) => ids.includes(user.id)).length,
    };
  }

  postCounts(post: FakePost): PostCounts {
    const live = this.timeline(() => true);
    return {
      retweets: this.retweets.get(post.id)?.size ?? 0,
      replies: live.filter((p) => p.in_reply_to_status_id === post.id).length,
      likes: this.likes.get(post.id)?.length ?? 0,
      quotes: live.filter((p) => p.quoted_status_id === post.id).length,
      bookmarks: this.bookmarks.get(post.id)?.size ?? 0,
    };
  }

  renderUser(user: FakeUser): Record<string, unknown> {
    return webUser(user, this.userCounts(user));
  }

  renderPost(post: FakePost): Record<string, unknown> {
    const author = this.users.get(post.author_id);
    return webTweet(post, this.postCounts(post), author ? this.renderUser(author) : {});
  }

  addPost(post: Omit<FakePost, 'conversation_id' | 'views' | 'created_at'> & Partial<FakePost>): FakePost {
    const full: FakePost = {
      conversation_id: post.in_reply_to_status_id
        ? (this.posts.get(post.in_reply_to_status_id)?.conversation_id ?? post.id)
        : post.id,
      views: 0,
      // wall clock: the fake keeps real time
      created_at: new Date(),
      ...post,
    };
    this.posts.set(full.id, full);
    return full;
  }

  private seed(): void {
    const user = (id: string, screen_name: string, name: string, extra: Partial<FakeUser> = {}) =>
      this.users.set(id, {
        id,
        screen_name,
        name,
        description: `${name} writes about composing posts.`,
        location: 'Internet',
        created_at: new Date(Date.UTC(2018, 9, 10, 20, 19, 24)),
        protected: false,
        verified: false,
        listed_count: 3,
        ...extra,
      });
    user(SEED_IDS.alice, 'alice', 'Alice Example', {
      url: 'https://alice.example',
      verified: true,
      listed_count: 12,
    });
    user(SEED_IDS.bob, 'bob', 'Bob Builder');
    user(SEED_IDS.carol, 'carol', 'Carol Private', { protected: true });
    user(SEED_IDS.dave, 'dave', 'Dave Verified', { verified: true });
    user(SEED_IDS.suspended, 'mallory', 'Mallory', { suspended: true });
    // Twelve fans follow alice so follower lists span several pages.
    for (let i = 1; i <= 12; i++) {
      const id = String(2000 + i);
      user(id, `fan${String(i).padStart(2, '0')}`, `Fan ${i}`);
      this.follows.add(`${id}>${SEED_IDS.alice}`);
    }
    for (const [a, b] of [
      ['bob', 'alice'],
      ['dave', 'alice'],
      ['alice', 'bob'],
      ['alice', 'dave'],
    ] as const) {
      this.follows.add(`${SEED_IDS[a]}>${SEED_IDS[b]}`);
    }

    // Alice's twelve posts, one an hour; every third mentions "composer" for search.
    for (let i = 1; i <= 12; i++) {
      const id = `18000000000000000${String(i).padStart(2, '0')}`;
      const topic = i % 3 === 0 ? 'The composer ships drafts on time' : 'Notes on scheduling';
      this.addPost({
        id,
        text: `${topic} #${i}`,
        author_id: SEED_IDS.alice,
        created_at: new Date(BASE + i * HOUR),
        views: 100 * i,
      });
    }
    this.likes.set(SEED_IDS.aliceLatest, [SEED_IDS.bob, SEED_IDS.dave]);
    this.retweets.set(SEED_IDS.aliceLatest, new Set([SEED_IDS.bob]));
    this.likes.set('1800000000000000003', [SEED_IDS.alice]);
    this.likes.set('1800000000000000006', [SEED_IDS.alice]);

    const at = (h: number) => new Date(BASE + h * HOUR);
    this.addPost({
      id: SEED_IDS.reply,
      text: '@alice the composer looks great',
      author_id: SEED_IDS.bob,
      created_at: at(13),
      in_reply_to_status_id: SEED_IDS.aliceLatest,
      in_reply_to_user_id: SEED_IDS.alice,
      views: 42,
    });
    this.addPost({
      id: SEED_IDS.quote,
      text: 'Worth reading about the composer',
      author_id: SEED_IDS.dave,
      created_at: at(14),
      quoted_status_id: SEED_IDS.aliceLatest,
      views: 77,
    });
    this.addPost({
      id: SEED_IDS.deleted,
      text: 'oops composer',
      author_id: SEED_IDS.bob,
      created_at: at(15),
      deleted: true,
    });
    this.addPost({
      id: SEED_IDS.limited,
      text: 'A limited composer post',
      author_id: SEED_IDS.carol,
      created_at: at(16),
      limited: true,
      views: 5,
    });
    this.addSession({ auth_token: FAKE_SESSION.auth_token, ct0: FAKE_SESSION.ct0, userId: SEED_IDS.alice });
  }
}
