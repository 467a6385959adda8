// Endpoint-table tools over direct messages (platform API v2): conversations and events to read, messages
// to send into a conversation, to one person, or to a new group (spec: Direct message tools).
import type { SocialEndpoint } from '../social-endpoint.js';
import {
  type EndpointParam,
  type EndpointToolDefinition,
  MUTATE,
  param,
  READ,
  req,
} from './endpoint-tools-kit.js';

const api = (method: SocialEndpoint['method'], path: string, scopes: string[]): SocialEndpoint => ({
  method,
  host: 'api',
  path,
  scopes,
});

const DM_READ = ['dm.read', 'users.read'];
const DM_WRITE = ['dm.write', 'dm.read', 'users.read'];
const conversationId = req(
  param.key('id', 'Id of the conversation (one-to-one ids look like "<user id>-<user id>").'),
);
const participantId = req(param.id('participant_id', 'Id of the other person.'));
const text = req(param.text('text', 'Message text (at most 10,000 characters).', { max: 10_000 }));
const attachments = param.idList('attachments', 'Media id from social_upload_media to attach (one).', {
  max: 1,
});
const eventOptions: EndpointParam[] = [
  param.maxResults(1, 100, 100),
  param.paginationToken(),
  param.fields('dm_event'),
  param.expansions(),
];

/** The platform's message object: text plus attachments as [{media_id}]. */
function message(params: Readonly<Record<string, unknown>>) {
  const media = params.attachments as string[] | undefined;
  return {
    ...(params.text === undefined ? {} : { text: params.text }),
    ...(media?.length ? { attachments: media.map((id) => ({ media_id: id })) } : {}),
  };
}

const read = (
  name: string,
  summary: string,
  path: string,
  params: EndpointParam[],
): EndpointToolDefinition => ({
  name: `social_v2_dm_${name}`,
  summary,
  group: 'direct_messages',
  category: 'direct_message',
  endpoint: api('GET', path, DM_READ),
  profiles: READ,
  params,
});

const send = (
  name: string,
  summary: string,
  path: string,
  params: EndpointParam[],
  body: EndpointToolDefinition['body'],
): EndpointToolDefinition => ({
  name: `social_v2_dm_${name}`,
  summary: `${summary} (policy-gated, audit-logged).`,
  group: 'direct_messages',
  category: 'direct_message',
  endpoint: api('POST', path, DM_WRITE),
  profiles: MUTATE,
  policy: 'write',
  params,
  body,
});

export const DM_ENDPOINT_TOOLS: readonly EndpointToolDefinition[] = [
  read('conversations', 'Your DM conversations, most recently active first.', '/2/dm_conversations', [
    param.maxResults(1, 100, 100),
    param.paginationToken(),
    param.fields('dm_event'),
    param.expansions(),
  ]),
  read('conversation_by_id', 'One DM conversation you take part in.', '/2/dm_conversations/{id}', [
    conversationId,
    param.fields('dm_event'),
    param.expansions(),
  ]),
  read(
    'events_by_conversation',
    'Messages and events of one conversation, newest first.',
    '/2/dm_conversations/{id}/dm_events',
    [conversationId, ...eventOptions],
  ),
  read(
    'events_by_participant',
    'Messages of your one-to-one conversation with a person, newest first.',
    '/2/dm_conversations/with/{participant_id}/dm_events',
    [participantId, ...eventOptions],
  ),
  read(
    'events',
    'Messages and events across all your conversations, newest first.',
    '/2/dm_events',
    eventOptions,
  ),
  send(
    'send_in_conversation',
    'Send a message into an existing conversation',
    '/2/dm_conversations/{id}/messages',
    [conversationId, text, attachments],
    message,
  ),
  send(
    'send_to_participant',
    'Send a message to one person (starts the conversation if needed)',
    '/2/dm_conversations/with/{participant_id}/messages',
    [participantId, text, attachments],
    message,
  ),
  send(
    'create_group',
    'Start a group conversation with a first message',
    '/2/dm_conversations',
    [
      req(param.idList('participant_ids', 'Ids of the other members (2-49).', { min: 2, max: 49 })),
      text,
      attachments,
    ],
    (params) => ({
      conversation_type: 'Group',
      participant_ids: params.participant_ids,
      message: message(params),
    }),
  ),
];
