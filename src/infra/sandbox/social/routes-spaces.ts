// Spaces: lookups by id, ids and creator, title search filtered by state, ticket buyers (creator only)
// and the posts shared in a space.
import { type FieldSelection, parseFields } from './fields.js';
import type { SpaceRecord } from './model.js';
import { BOUNDS } from './paging.js';
import { forbidden, invalidRequest, notFoundEntry } from './problems.js';
import { assembleIncludes, renderSpace } from './render.js';
import { multiLookupBody, readIdList, tweetListBody, userListBody } from './responses.js';
import { type ApiContext, type ApiRoute, ok, requireQuery } from './route-kit.js';
import type { FakeState } from './state.js';

const SPACE_ID = /^[A-Za-z0-9]{1,13}$/;

export function spaceRoutes(): ApiRoute[] {
  return [
    {
      method: 'GET',
      url: '/2/spaces/search',
      scopes: ['space.read'],
      handler: ({ state, query }) => {
        const text = requireQuery(query, 'query').toLowerCase();
        const wanted = query.state ?? 'all';
        if (!['all', 'live', 'scheduled'].includes(wanted)) {
          throw invalidRequest(
            `The \`state\` query parameter value [${wanted}] is not one of [all,live,scheduled]`,
            'state',
            [wanted],
          );
        }
        const spaces = [...state.spaces.values()].filter(
          (space) =>
            space.state !== 'ended' &&
            (wanted === 'all' || space.state === wanted) &&
            space.title.toLowerCase().includes(text),
        );
        return ok(spacesBody(state, spaces, parseFields(query, 'other')));
      },
    },
    {
      method: 'GET',
      url: '/2/spaces/by/creator_ids',
      scopes: ['space.read', 'users.read'],
      handler: ({ state, query }) => {
        const creators = new Set(readIdList(query, 'user_ids'));
        const spaces = [...state.spaces.values()].filter(
          (space) => creators.has(space.creatorId) && space.state !== 'ended',
        );
        return ok(spacesBody(state, spaces, parseFields(query, 'other')));
      },
    },
    {
      method: 'GET',
      url: '/2/spaces',
      scopes: ['space.read'],
      handler: ({ state, query }) => {
        const sel = parseFields(query, 'other');
        return ok(
          multiLookupBody(
            readIdList(query, 'ids', SPACE_ID),
            (id) => state.spaces.get(id),
            (found) => {
              const body = spacesBody(state, found, sel);
              return {
                data: body.data as Record<string, unknown>[],
                includes: body.includes as Record<string, unknown> | undefined,
              };
            },
            'space',
            'ids',
            sel,
          ),
        );
      },
    },
    {
      method: 'GET',
      url: '/2/spaces/:id',
      scopes: ['space.read'],
      handler: (ctx) =>
        withSpace(ctx, (space) => {
          const body = spacesBody(ctx.state, [space], parseFields(ctx.query, 'other'));
          return { data: (body.data as unknown[])[0], ...(body.includes ? { includes: body.includes } : {}) };
        }),
    },
    {
      method: 'GET',
      url: '/2/spaces/:id/buyers',
      scopes: ['space.read', 'users.read'],
      handler: (ctx) =>
        withSpace(ctx, (space) => {
          if (space.creatorId !== ctx.user.id) throw forbidden();
          const buyers = space.buyerIds.flatMap((id) => {
            const user = ctx.state.users.get(id);
            return user ? [user] : [];
          });
          return userListBody(ctx.state, buyers, ctx.query, BOUNDS.standard);
        }),
    },
    {
      method: 'GET',
      url: '/2/spaces/:id/tweets',
      scopes: ['space.read', 'tweet.read', 'users.read'],
      handler: (ctx) =>
        withSpace(ctx, (space) => {
          const tweets = ctx.state
            .tweetsNewestFirst()
            .filter((tweet) => space.tweetIds.includes(tweet.id) && ctx.state.canSee(ctx.user.id, tweet));
          return tweetListBody(ctx.state, tweets, ctx.query, BOUNDS.standard);
        }),
    },
  ];
}

function withSpace(ctx: ApiContext, build: (space: SpaceRecord) => Record<string, unknown>) {
  const id = ctx.params.id ?? '';
  if (!SPACE_ID.test(id))
    throw invalidRequest(`The \`id\` query parameter value [${id}] does not match ${SPACE_ID.source}`, 'id', [
      id,
    ]);
  const space = ctx.state.spaces.get(id);
  return space ? ok(build(space)) : ok({ errors: [notFoundEntry('space', 'id', id)] });
}

function spacesBody(state: FakeState, spaces: SpaceRecord[], sel: FieldSelection): Record<string, unknown> {
  if (spaces.length === 0) return { meta: { result_count: 0 } };
  const userIds = new Set<string>();
  for (const space of spaces) {
    if (sel.expansions.has('creator_id')) userIds.add(space.creatorId);
    if (sel.expansions.has('host_ids')) for (const id of space.hostIds) userIds.add(id);
    if (sel.expansions.has('speaker_ids')) for (const id of space.speakerIds) userIds.add(id);
  }
  const includes = assembleIncludes(state, userIds, [], new Set(), sel);
  return {
    data: spaces.map((space) => renderSpace(space, sel)),
    ...(includes ? { includes } : {}),
    meta: { result_count: spaces.length },
  };
}
