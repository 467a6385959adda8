// Endpoint-table tools over lists (platform API v2): read a list, its members, followers and posts, a
// user's owned, member-of and pinned lists; create, update, delete, follow, pin and edit membership.
import type { SocialEndpoint } from '../social-endpoint.js';
import { type EndpointToolDefinition, MUTATE, param, READ, req } from './endpoint-tools-kit.js';

const api = (method: SocialEndpoint['method'], path: string, scopes: string[]): SocialEndpoint => ({
  method,
  host: 'api',
  path,
  scopes,
});

const LIST_READ = ['list.read', 'users.read'];
const LIST_WRITE = ['list.write', 'users.read'];
const listId = req(param.id('id', 'Id of the list.'));
const userId = req(param.id('user_id', 'Id of the user.'));
const me = req(param.id('user_id', 'Your own user id (the signed-in account).'));
const otherListId = req(param.id('list_id', 'Id of the list.'));
const paging = [param.maxResults(1, 100, 100), param.paginationToken()];

const list = (
  name: string,
  summary: string,
  endpoint: SocialEndpoint,
  params: EndpointToolDefinition['params'],
): EndpointToolDefinition => ({
  name: `social_v2_lists_${name}`,
  summary,
  group: 'lists',
  category: 'list',
  endpoint,
  params,
  ...(endpoint.method === 'GET'
    ? { profiles: READ }
    : { profiles: MUTATE, policy: 'write' as const, summary: `${summary} (policy-gated).` }),
});

export const LIST_ENDPOINT_TOOLS: readonly EndpointToolDefinition[] = [
  list(
    'get',
    'One list by id: name, description, owner, counts.',
    api('GET', '/2/lists/{id}', ['list.read']),
    [listId, param.fields('list'), param.expansions()],
  ),
  list('members', 'Members of a list (paged).', api('GET', '/2/lists/{id}/members', LIST_READ), [
    listId,
    ...paging,
    param.fields('user'),
  ]),
  list('followers', 'Followers of a list (paged).', api('GET', '/2/lists/{id}/followers', LIST_READ), [
    listId,
    ...paging,
    param.fields('user'),
  ]),
  list(
    'tweets',
    'Recent posts by the members of a list (paged).',
    api('GET', '/2/lists/{id}/tweets', ['list.read', 'tweet.read', 'users.read']),
    [listId, ...paging, param.fields('tweet'), param.fields('user'), param.expansions()],
  ),
  list('owned', 'Lists a user owns (paged).', api('GET', '/2/users/{user_id}/owned_lists', LIST_READ), [
    userId,
    ...paging,
    param.fields('list'),
  ]),
  list(
    'memberships',
    'Lists a user is a member of (paged).',
    api('GET', '/2/users/{user_id}/list_memberships', LIST_READ),
    [userId, ...paging, param.fields('list')],
  ),
  list('pinned', 'Lists you pinned.', api('GET', '/2/users/{user_id}/pinned_lists', LIST_READ), [
    me,
    param.fields('list'),
  ]),
  list('create', 'Create a list', api('POST', '/2/lists', ['list.write']), [
    req(param.text('name', 'Name of the list (at most 25 characters).', { max: 25 })),
    param.text('description', 'What the list is about (at most 100 characters).', { max: 100 }),
    param.boolean('private', 'Only you can see a private list.', { default: false }),
  ]),
  list(
    'update',
    'Rename a list or change its description or privacy',
    api('PUT', '/2/lists/{id}', ['list.write']),
    [
      listId,
      param.text('name', 'New name (at most 25 characters).', { max: 25 }),
      param.text('description', 'New description (at most 100 characters).', { min: 0, max: 100 }),
      param.boolean('private', 'Make the list private (true) or public (false).'),
    ],
  ),
  list('delete', 'Delete one of your lists', api('DELETE', '/2/lists/{id}', ['list.write']), [listId]),
  list('members_add', 'Add a user to one of your lists', api('POST', '/2/lists/{id}/members', LIST_WRITE), [
    listId,
    req(param.id('user_id', 'Id of the user to add.')),
  ]),
  list(
    'members_remove',
    'Remove a user from one of your lists',
    api('DELETE', '/2/lists/{id}/members/{user_id}', LIST_WRITE),
    [listId, req(param.id('target_user_id', 'Id of the user to remove.', { placeholder: 'user_id' }))],
  ),
  list('follow', 'Follow a list', api('POST', '/2/users/{user_id}/followed_lists', LIST_WRITE), [
    me,
    otherListId,
  ]),
  list(
    'unfollow',
    'Stop following a list',
    api('DELETE', '/2/users/{user_id}/followed_lists/{list_id}', LIST_WRITE),
    [me, otherListId],
  ),
  list('pin', 'Pin a list', api('POST', '/2/users/{user_id}/pinned_lists', LIST_WRITE), [me, otherListId]),
];
