// Lists: create/read/update/delete, members, followers, a list's posts, a user's owned, member-of,
// followed and pinned lists, and following/pinning a list.
import { parseFields } from './fields.js';
import type { ListRecord } from './model.js';
import { BOUNDS, listMeta, paginate } from './paging.js';
import { forbidden, invalidRequest, notFoundEntry } from './problems.js';
import { assembleIncludes, renderList } from './render.js';
import { checkId, tweetListBody, userListBody } from './responses.js';
import { type ApiContext, type ApiRoute, jsonObject, ok, requireString } from './route-kit.js';

const READ = ['list.read'];
const READ_USERS = ['list.read', 'users.read'];
const WRITE_USERS = ['list.write', 'users.read'];

export function listRoutes(): ApiRoute[] {
  return [
    {
      method: 'POST',
      url: '/2/lists',
      scopes: ['list.write'],
      json: true,
      handler: ({ state, user, body }) => {
        const input = jsonObject(body);
        const name = requireString(input, 'name');
        if (name.length > 25)
          throw invalidRequest('List name must be 25 characters or less.', 'name', [name]);
        const createdAt = state.now();
        const id = state.ids.snowflake(createdAt);
        state.lists.set(id, {
          id,
          name,
          description: typeof input.description === 'string' ? input.description : '',
          private: input.private === true,
          ownerId: user.id,
          createdAt,
          members: new Set(),
          followers: new Set(),
        });
        return ok({ data: { id, name } });
      },
    },
    {
      method: 'GET',
      url: '/2/lists/:id',
      scopes: READ,
      handler: (ctx) => withList(ctx, (list) => listsBody(ctx, [list], true)),
    },
    {
      method: 'PUT',
      url: '/2/lists/:id',
      scopes: ['list.write'],
      json: true,
      handler: (ctx) =>
        withOwnList(ctx, (list) => {
          const input = jsonObject(ctx.body);
          if (typeof input.name === 'string') list.name = input.name;
          if (typeof input.description === 'string') list.description = input.description;
          if (typeof input.private === 'boolean') list.private = input.private;
          return { data: { updated: true } };
        }),
    },
    {
      method: 'DELETE',
      url: '/2/lists/:id',
      scopes: ['list.write'],
      handler: (ctx) =>
        withOwnList(ctx, (list) => {
          ctx.state.lists.delete(list.id);
          return { data: { deleted: true } };
        }),
    },
    {
      method: 'GET',
      url: '/2/lists/:id/members',
      scopes: READ_USERS,
      handler: (ctx) =>
        withList(ctx, (list) =>
          userListBody(ctx.state, usersIn(ctx, list.members), ctx.query, BOUNDS.standard),
        ),
    },
    {
      method: 'POST',
      url: '/2/lists/:id/members',
      scopes: WRITE_USERS,
      json: true,
      handler: (ctx) =>
        withOwnList(ctx, (list) => {
          const userId = checkId(requireString(jsonObject(ctx.body), 'user_id'), 'user_id');
          if (!ctx.state.users.has(userId))
            throw invalidRequest(`Could not find user with user_id: [${userId}].`, 'user_id', [userId]);
          list.members.add(userId);
          return { data: { is_member: true } };
        }),
    },
    {
      method: 'DELETE',
      url: '/2/lists/:id/members/:user_id',
      scopes: WRITE_USERS,
      handler: (ctx) =>
        withOwnList(ctx, (list) => {
          list.members.delete(checkId(ctx.params.user_id, 'user_id'));
          return { data: { is_member: false } };
        }),
    },
    {
      method: 'GET',
      url: '/2/lists/:id/followers',
      scopes: READ_USERS,
      handler: (ctx) =>
        withList(ctx, (list) =>
          userListBody(ctx.state, usersIn(ctx, list.followers), ctx.query, BOUNDS.standard),
        ),
    },
    {
      method: 'GET',
      url: '/2/lists/:id/tweets',
      scopes: ['list.read', 'tweet.read', 'users.read'],
      handler: (ctx) =>
        withList(ctx, (list) => {
          const tweets = ctx.state
            .tweetsNewestFirst()
            .filter((tweet) => list.members.has(tweet.authorId) && ctx.state.canSee(ctx.user.id, tweet));
          return tweetListBody(ctx.state, tweets, ctx.query, BOUNDS.standard);
        }),
    },
    userListsRoute('owned_lists', (ctx, userId) =>
      [...ctx.state.lists.values()].filter((list) => list.ownerId === userId),
    ),
    userListsRoute('list_memberships', (ctx, userId) =>
      [...ctx.state.lists.values()].filter((list) => list.members.has(userId)),
    ),
    userListsRoute('followed_lists', (ctx, userId) =>
      [...ctx.state.lists.values()].filter((list) => list.followers.has(userId)),
    ),
    {
      method: 'GET',
      url: '/2/users/:id/pinned_lists',
      scopes: READ_USERS,
      me: 'id',
      handler: (ctx) => ok(listsBody(ctx, listsByIds(ctx, ctx.state.pinnedLists.of(ctx.user.id)), false)),
    },
    ...membershipToggle('pinned_lists', 'pinned', (ctx, list, on) => {
      if (on) ctx.state.pinnedLists.add(ctx.user.id, list.id);
      else ctx.state.pinnedLists.remove(ctx.user.id, list.id);
    }),
    ...membershipToggle('followed_lists', 'following', (_ctx, list, on) => {
      if (on) list.followers.add(_ctx.user.id);
      else list.followers.delete(_ctx.user.id);
    }),
  ];
}

function visibleList(ctx: ApiContext, id: string): ListRecord | undefined {
  const list = ctx.state.lists.get(id);
  return list && (!list.private || list.ownerId === ctx.user.id) ? list : undefined;
}

function withList(ctx: ApiContext, build: (list: ListRecord) => Record<string, unknown>) {
  const id = checkId(ctx.params.id);
  const list = visibleList(ctx, id);
  return list ? ok(build(list)) : ok({ errors: [notFoundEntry('list', 'id', id)] });
}

function withOwnList(ctx: ApiContext, change: (list: ListRecord) => Record<string, unknown>) {
  const id = checkId(ctx.params.id);
  const list = visibleList(ctx, id);
  if (!list) return ok({ errors: [notFoundEntry('list', 'id', id)] });
  if (list.ownerId !== ctx.user.id) throw forbidden();
  return ok(change(list));
}

function usersIn(ctx: ApiContext, ids: Set<string>) {
  return [...ids].reverse().flatMap((id) => {
    const user = ctx.state.users.get(id);
    return user ? [user] : [];
  });
}

function listsByIds(ctx: ApiContext, ids: string[]): ListRecord[] {
  return ids.flatMap((id) => {
    const list = visibleList(ctx, id);
    return list ? [list] : [];
  });
}

/** `single` renders `data` as one object (GET /2/lists/:id) instead of a page. */
function listsBody(ctx: ApiContext, lists: ListRecord[], single: boolean): Record<string, unknown> {
  const sel = parseFields(ctx.query, 'other');
  const owners = new Set(sel.expansions.has('owner_id') ? lists.map((list) => list.ownerId) : []);
  const includes = assembleIncludes(ctx.state, owners, [], new Set(), sel);
  if (single) {
    const first = lists[0];
    return { data: first ? renderList(first, sel) : undefined, ...(includes ? { includes } : {}) };
  }
  const page = paginate(lists, ctx.query, BOUNDS.standard);
  if (page.items.length === 0) return { meta: listMeta(page) };
  return {
    data: page.items.map((list) => renderList(list, sel)),
    ...(includes ? { includes } : {}),
    meta: listMeta(page),
  };
}

function userListsRoute(path: string, select: (ctx: ApiContext, userId: string) => ListRecord[]): ApiRoute {
  return {
    method: 'GET',
    url: `/2/users/:id/${path}`,
    scopes: READ_USERS,
    handler: (ctx) => {
      const id = checkId(ctx.params.id);
      if (!ctx.state.users.has(id)) return ok({ errors: [notFoundEntry('user', 'id', id)] });
      const lists = select(ctx, id).filter((list) => !list.private || list.ownerId === ctx.user.id);
      return ok(listsBody(ctx, lists.reverse(), false));
    },
  };
}

function membershipToggle(
  path: string,
  flag: string,
  apply: (ctx: ApiContext, list: ListRecord, on: boolean) => void,
): ApiRoute[] {
  const find = (ctx: ApiContext, raw: string | undefined) => {
    const id = checkId(raw, 'list_id');
    const list = visibleList(ctx, id);
    if (!list) throw invalidRequest(`Could not find list with list_id: [${id}].`, 'list_id', [id]);
    return list;
  };
  return [
    {
      method: 'POST',
      url: `/2/users/:id/${path}`,
      scopes: WRITE_USERS,
      me: 'id',
      json: true,
      handler: (ctx) => {
        apply(ctx, find(ctx, requireString(jsonObject(ctx.body), 'list_id')), true);
        return ok({ data: { [flag]: true } });
      },
    },
    {
      method: 'DELETE',
      url: `/2/users/:id/${path}/:list_id`,
      scopes: WRITE_USERS,
      me: 'id',
      handler: (ctx) => {
        apply(ctx, find(ctx, ctx.params.list_id), false);
        return ok({ data: { [flag]: false } });
      },
    },
  ];
}
