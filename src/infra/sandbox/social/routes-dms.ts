// Direct messages: conversations (one-to-one ids are "<low>-<high>" user ids, groups get snowflakes),
// event lists per user, conversation or participant, and sending into either kind of conversation.
import { parseFields } from './fields.js';
import type { DmConversation, DmEvent } from './model.js';
import { BOUNDS, listMeta, paginate } from './paging.js';
import { FakeApiError, forbidden, invalidRequest, invalidRequestBody, notFoundEntry } from './problems.js';
import { assembleIncludes, iso } from './render.js';
import { checkId } from './responses.js';
import { type ApiContext, type ApiRoute, jsonObject, ok } from './route-kit.js';
import type { FakeState } from './state.js';

const READ = ['dm.read', 'users.read'];
const WRITE = ['dm.read', 'dm.write', 'users.read'];
const MAX_DM_LENGTH = 10_000;

export function dmRoutes(): ApiRoute[] {
  return [
    {
      method: 'GET',
      url: '/2/dm_conversations',
      scopes: READ,
      handler: ({ state, user, query }) => {
        const conversations = [...state.dmConversations.values()]
          .filter((conversation) => conversation.participantIds.includes(user.id))
          .sort((a, b) => lastActivity(state, b) - lastActivity(state, a));
        const page = paginate(conversations, query, BOUNDS.standard);
        if (page.items.length === 0) return ok({ meta: listMeta(page) });
        return ok({ data: page.items.map(renderConversation), meta: listMeta(page) });
      },
    },
    {
      method: 'GET',
      url: '/2/dm_conversations/:id',
      scopes: READ,
      handler: (ctx) => {
        const conversation = memberConversation(ctx, ctx.params.id ?? '');
        return conversation ? ok({ data: renderConversation(conversation) }) : notFound(ctx.params.id ?? '');
      },
    },
    {
      method: 'GET',
      url: '/2/dm_events',
      scopes: READ,
      handler: (ctx) => {
        const mine = new Set(
          [...ctx.state.dmConversations.values()]
            .filter((conversation) => conversation.participantIds.includes(ctx.user.id))
            .map((conversation) => conversation.id),
        );
        return ok(
          eventsBody(
            ctx,
            ctx.state.dmEvents.filter((event) => mine.has(event.conversationId)),
          ),
        );
      },
    },
    {
      method: 'GET',
      url: '/2/dm_conversations/:id/dm_events',
      scopes: READ,
      handler: (ctx) => {
        const conversation = memberConversation(ctx, ctx.params.id ?? '');
        if (!conversation) return notFound(ctx.params.id ?? '');
        return ok(eventsBody(ctx, eventsOf(ctx.state, conversation.id)));
      },
    },
    {
      method: 'GET',
      url: '/2/dm_conversations/with/:participant_id/dm_events',
      scopes: READ,
      handler: (ctx) => {
        const other = checkId(ctx.params.participant_id, 'participant_id');
        return ok(eventsBody(ctx, eventsOf(ctx.state, directId(ctx.user.id, other))));
      },
    },
    {
      method: 'POST',
      url: '/2/dm_conversations/with/:participant_id/messages',
      scopes: WRITE,
      json: true,
      handler: (ctx) => {
        const other = checkId(ctx.params.participant_id, 'participant_id');
        if (other === ctx.user.id) throw forbidden('You cannot send a Direct Message to yourself.');
        if (!ctx.state.users.has(other)) {
          throw invalidRequest(`Could not find user with participant_id: [${other}].`, 'participant_id', [
            other,
          ]);
        }
        const id = directId(ctx.user.id, other);
        if (!ctx.state.dmConversations.has(id)) {
          ctx.state.dmConversations.set(id, {
            id,
            type: 'OneToOne',
            participantIds: [ctx.user.id, other],
            createdAt: ctx.state.now(),
          });
        }
        return sendMessage(ctx, id, jsonObject(ctx.body));
      },
    },
    {
      method: 'POST',
      url: '/2/dm_conversations/:id/messages',
      scopes: WRITE,
      json: true,
      handler: (ctx) => {
        const conversation = memberConversation(ctx, ctx.params.id ?? '');
        if (!conversation) return notFound(ctx.params.id ?? '');
        return sendMessage(ctx, conversation.id, jsonObject(ctx.body));
      },
    },
    {
      method: 'POST',
      url: '/2/dm_conversations',
      scopes: WRITE,
      json: true,
      handler: (ctx) => {
        const body = jsonObject(ctx.body);
        if (body.conversation_type !== 'Group') {
          throw invalidRequest('$.conversation_type: must be Group', 'conversation_type', [
            String(body.conversation_type),
          ]);
        }
        const ids = Array.isArray(body.participant_ids) ? body.participant_ids.map(String) : [];
        const others = [...new Set(ids.filter((id) => id !== ctx.user.id))];
        if (others.length < 2 || others.length > 49) {
          throw invalidRequest(
            'A group conversation needs between 2 and 49 other participants.',
            'participant_ids',
            ids,
          );
        }
        for (const id of others) {
          if (!ctx.state.users.has(id))
            throw invalidRequest(`Could not find user with participant_ids: [${id}].`, 'participant_ids', [
              id,
            ]);
        }
        const createdAt = ctx.state.now();
        const id = ctx.state.ids.snowflake(createdAt);
        ctx.state.dmConversations.set(id, {
          id,
          type: 'Group',
          participantIds: [ctx.user.id, ...others],
          createdAt,
        });
        const message = (body.message ?? {}) as Record<string, unknown>;
        return sendMessage(ctx, id, message);
      },
    },
  ];
}

export function directId(a: string, b: string): string {
  return BigInt(a) < BigInt(b) ? `${a}-${b}` : `${b}-${a}`;
}

function memberConversation(ctx: ApiContext, id: string): DmConversation | undefined {
  const conversation = ctx.state.dmConversations.get(id);
  if (!conversation) return undefined;
  if (!conversation.participantIds.includes(ctx.user.id)) throw forbidden();
  return conversation;
}

function notFound(id: string) {
  return ok({ errors: [notFoundEntry('dm_conversation', 'id', id)] });
}

function eventsOf(state: FakeState, conversationId: string): DmEvent[] {
  return state.dmEvents.filter((event) => event.conversationId === conversationId);
}

function lastActivity(state: FakeState, conversation: DmConversation): number {
  return eventsOf(state, conversation.id).reduce(
    (latest, event) => Math.max(latest, event.createdAt),
    conversation.createdAt,
  );
}

function renderConversation(conversation: DmConversation) {
  return { id: conversation.id, type: conversation.type, participant_ids: conversation.participantIds };
}

function eventsBody(ctx: ApiContext, events: DmEvent[]) {
  const sel = parseFields(ctx.query, 'other');
  const types = ctx.query.event_types?.split(',');
  const ordered = events
    .filter((event) => !types || types.includes(event.eventType))
    .sort((a, b) => b.createdAt - a.createdAt || (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  const page = paginate(ordered, ctx.query, BOUNDS.standard);
  if (page.items.length === 0) return { meta: listMeta(page) };
  const userIds = new Set<string>();
  const data = page.items.map((event) => {
    const out: Record<string, unknown> = { id: event.id, event_type: event.eventType };
    if (event.text !== undefined) out.text = event.text;
    const fields = sel.dmEvent;
    if (fields.has('created_at')) out.created_at = iso(event.createdAt);
    if (fields.has('sender_id')) out.sender_id = event.senderId;
    if (fields.has('dm_conversation_id')) out.dm_conversation_id = event.conversationId;
    if (fields.has('attachments') && event.attachments) out.attachments = event.attachments;
    const participants = ctx.state.dmConversations.get(event.conversationId)?.participantIds ?? [];
    if (fields.has('participant_ids') && event.eventType !== 'MessageCreate')
      out.participant_ids = participants;
    if (sel.expansions.has('sender_id')) userIds.add(event.senderId);
    if (sel.expansions.has('participant_ids')) for (const id of participants) userIds.add(id);
    return out;
  });
  const body: Record<string, unknown> = { data };
  const includes = assembleIncludes(ctx.state, userIds, [], new Set(), sel);
  if (includes) body.includes = includes;
  body.meta = listMeta(page);
  return body;
}

function sendMessage(ctx: ApiContext, conversationId: string, message: Record<string, unknown>) {
  const text = typeof message.text === 'string' ? message.text : undefined;
  const attachments = Array.isArray(message.attachments)
    ? (message.attachments as Array<{ media_id?: unknown }>)
    : [];
  if (!text && attachments.length === 0) {
    throw invalidRequest('You must provide at least one of [text, attachments]');
  }
  if (text && text.length > MAX_DM_LENGTH) throw invalidRequest('Message text is too long.', 'text', [text]);
  const mediaIds = attachments.map((attachment) => String(attachment.media_id ?? ''));
  for (const id of mediaIds) {
    const media = ctx.state.media.get(id);
    if (!media || media.ownerId !== ctx.user.id || media.state !== 'succeeded') {
      throw new FakeApiError(
        400,
        invalidRequestBody([
          { message: 'Your media IDs are invalid.', parameters: { attachments: mediaIds } },
        ]),
      );
    }
  }
  const createdAt = ctx.state.now();
  const event: DmEvent = {
    id: ctx.state.ids.snowflake(createdAt),
    conversationId,
    eventType: 'MessageCreate',
    text: text ?? '',
    senderId: ctx.user.id,
    createdAt,
    attachments: mediaIds.length > 0 ? { media_ids: mediaIds } : undefined,
  };
  ctx.state.dmEvents.push(event);
  return ok({ data: { dm_conversation_id: conversationId, dm_event_id: event.id } }, 201);
}
