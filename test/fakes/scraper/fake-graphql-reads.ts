// The fake web API's GraphQL read operations: state → web-app shaped answers, with cursor pagination.
import type { FakeScraperState } from './fake-scraper-state.js';
import { type FakePost, type FakeUser, timelineInstructions, tweetEntry, userEntry } from './web-shapes.js';

export interface FakeAnswer {
  status: number;
  body: unknown;
}

type Variables = Record<string, unknown>;

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });
const badRequest = (message: string): FakeAnswer => ({
  status: 400,
  body: { errors: [{ message, code: 214 }] },
});

export function encodeCursor(offset: number): string {
  return `DAABCgABF__${Buffer.from(`offset:${offset}`).toString('base64url')}`;
}

function decodeCursor(cursor: unknown): number | undefined {
  if (cursor === undefined || cursor === null) return 0;
  if (typeof cursor !== 'string' || !cursor.startsWith('DAABCgABF__')) return undefined;
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor.slice(11), 'base64url').toString());
  return match ? Number(match[1]) : undefined;
}

function page<T>(items: T[], variables: Variables) {
  const offset = decodeCursor(variables.cursor);
  if (offset === undefined) return undefined;
  const count =
    typeof variables.count === 'number' && variables.count > 0 ? Math.min(variables.count, 100) : 20;
  const slice = items.slice(offset, offset + count);
  // Like the web app, a bottom cursor comes even with the last (or an empty) page.
  return {
    slice,
    cursors: { top: encodeCursor(Math.max(0, offset - count)), bottom: encodeCursor(offset + slice.length) },
    first: offset === 0,
  };
}

function postTimeline(state: FakeScraperState, posts: FakePost[], variables: Variables) {
  const p = page(posts, variables);
  if (!p) return undefined;
  const entries = p.slice.map((post) => tweetEntry(state.renderPost(post), post.id));
  return timelineInstructions(entries, p.cursors, p.first);
}

function userTimeline(state: FakeScraperState, users: FakeUser[], variables: Variables) {
  const p = page(users, variables);
  if (!p) return undefined;
  const entries = p.slice.map((user) => userEntry(state.renderUser(user), user.id));
  return timelineInstructions(entries, p.cursors, p.first);
}

/** `from:name`, `since_id:N` and plain words (all must occur, case-insensitive). */
function searchFilter(state: FakeScraperState, rawQuery: string): (post: FakePost) => boolean {
  const terms = rawQuery.split(/\s+/).filter(Boolean);
  return (post) =>
    terms.every((term) => {
      const [op, value] = term.includes(':') ? term.split(':', 2) : [undefined, term];
      if (op === 'from')
        return state.users.get(post.author_id)?.screen_name.toLowerCase() === value?.toLowerCase();
      if (op === 'since_id') return BigInt(post.id) > BigInt(value ?? '0');
      return post.text.toLowerCase().includes(term.toLowerCase());
    });
}

function usersOf(state: FakeScraperState, ids: string[]): FakeUser[] {
  return ids.flatMap((id) => state.users.get(id) ?? []);
}

/** Answers one read operation; undefined when the operation is not a read the fake knows. */
export function answerRead(
  state: FakeScraperState,
  operation: string,
  variables: Variables,
): FakeAnswer | undefined {
  const str = (name: string) => (typeof variables[name] === 'string' ? (variables[name] as string) : '');
  const user = () => state.users.get(str('userId'));
  const liveUser = () => {
    const found = user();
    return found && !found.suspended ? found : undefined;
  };
  const userTimelineAnswer = (key: 'timeline' | 'timeline_v2', instructions: unknown[] | undefined) =>
    instructions
      ? ok({ user: { result: { __typename: 'User', [key]: { timeline: { instructions } } } } })
      : badCursor();
  const badCursor = () => badRequest('Invalid cursor');

  switch (operation) {
    case 'TweetResultByRestId': {
      const post = state.posts.get(str('tweetId'));
      return ok({ tweetResult: post ? { result: state.renderPost(post) } : {} });
    }
    case 'TweetResultsByRestIds': {
      const ids = Array.isArray(variables.tweetIds) ? (variables.tweetIds as string[]) : [];
      return ok({
        tweetResult: ids.map((id) => {
          const post = state.posts.get(id);
          return post ? { result: state.renderPost(post) } : {};
        }),
      });
    }
    case 'SearchTimeline': {
      if (str('rawQuery') === '') return badRequest('rawQuery is required');
      const instructions = postTimeline(
        state,
        state.timeline(searchFilter(state, str('rawQuery'))),
        variables,
      );
      if (!instructions) return badCursor();
      return ok({ search_by_raw_query: { search_timeline: { timeline: { instructions } } } });
    }
    case 'UserByScreenName': {
      const found = state.userByName(str('screen_name'));
      return ok(found ? { user: { result: state.renderUser(found) } } : {});
    }
    case 'UserByRestId': {
      const found = user();
      return ok(found ? { user: { result: state.renderUser(found) } } : {});
    }
    case 'UsersByRestIds': {
      const ids = Array.isArray(variables.userIds) ? (variables.userIds as string[]) : [];
      return ok({ users: usersOf(state, ids).map((u) => ({ result: state.renderUser(u) })) });
    }
    case 'UserTweets': {
      const owner = liveUser();
      if (!owner) return ok({ user: {} });
      const posts = state.timeline((p) => p.author_id === owner.id);
      return userTimelineAnswer('timeline_v2', postTimeline(state, posts, variables));
    }
    case 'Likes': {
      const owner = liveUser();
      if (!owner) return ok({ user: {} });
      const liked = [...state.likes.entries()].filter(([, ids]) => ids.includes(owner.id)).map(([id]) => id);
      const posts = state.timeline((p) => liked.includes(p.id));
      return userTimelineAnswer('timeline_v2', postTimeline(state, posts, variables));
    }
    case 'Followers':
    case 'Following': {
      const owner = liveUser();
      if (!owner) return ok({ user: {} });
      const ids = operation === 'Followers' ? state.followersOf(owner.id) : state.followingOf(owner.id);
      return userTimelineAnswer('timeline', userTimeline(state, usersOf(state, ids), variables));
    }
    case 'Favoriters': {
      const ids = [...(state.likes.get(str('tweetId')) ?? [])].reverse();
      const instructions = userTimeline(state, usersOf(state, ids), variables);
      if (!instructions) return badCursor();
      return ok({ favoriters_timeline: { timeline: { instructions } } });
    }
    default:
      return undefined;
  }
}
