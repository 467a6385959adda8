// The live event stream (`GET /api/events`, server-sent events): what the dashboard hears without polling.
// Each SSE message's `event:` line is the event's `type`; its `data:` line is the JSON object below.
import { z } from 'zod';
import { APPROVAL_STATUSES } from './approvals.js';

const Status = z.enum(APPROVAL_STATUSES);

const ApprovalChange = {
  id: z.number().int().describe('Approval queue id.'),
  action_type: z.string().describe('tweet | reply | thread | quote, or a routed tool name.'),
  actor: z.string().describe('Who queued it: dashboard, api, agent, cli or loop:<name>.'),
  status: Status,
  updated_at: z.string(),
  pending: z.number().int().describe('Items waiting for a person after this change.'),
};

/** Sent once when the stream opens: the client is listening from here on. */
export const StreamReadyEventSchema = z.object({
  type: z.literal('ready'),
  pending: z.number().int().describe('Items waiting for a person now.'),
});

/** A new item entered the queue (from any process writing the database: serve, the tool server, the CLI). */
export const ApprovalQueuedEventSchema = z.object({ type: z.literal('approval_queued'), ...ApprovalChange });

/** An item changed: reviewed, edited, posted, failed or expired. */
export const ApprovalUpdatedEventSchema = z.object({
  type: z.literal('approval_updated'),
  ...ApprovalChange,
});

export const LiveEventSchema = z.discriminatedUnion('type', [
  StreamReadyEventSchema,
  ApprovalQueuedEventSchema,
  ApprovalUpdatedEventSchema,
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export type ApprovalChangeEvent = z.infer<
  typeof ApprovalQueuedEventSchema | typeof ApprovalUpdatedEventSchema
>;

export const LIVE_EVENT_TYPES = ['ready', 'approval_queued', 'approval_updated'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The stream's path (authenticated like every other route: session cookie or bearer token). */
export const LIVE_EVENTS_PATH = '/api/events';
