// Linked accounts of remote note sources (the cloud drive): what the connector API shows of a connection
// (never its credentials) and the answers of the link flow (reference §i.10).
import { z } from 'zod';

export const CONNECTOR_TYPES = ['cloud_drive'] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

export const CONNECTION_STATUSES = ['active', 'expired', 'revoked', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const ConnectionSchema = z.object({
  id: z.number().int().describe('The `connection_id` a cloud_drive source names.'),
  connector_type: z.enum(CONNECTOR_TYPES),
  account_email: z.string().nullable().describe('The linked account.'),
  display_name: z.string().nullable(),
  status: z
    .enum(CONNECTION_STATUSES)
    .describe(
      '`expired`: the provider refused the stored grant (link again); `error`: its credentials cannot be decrypted.',
    ),
  metadata: z
    .record(z.string(), z.unknown())
    .describe('`scope`, `linked_at`, and `problem` (why it is not active) when there is one.'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Connection = z.infer<typeof ConnectionSchema>;

export const LinkStartInputSchema = z
  .object({
    force: z
      .boolean()
      .optional()
      .describe('Start a new link even though an active connection exists (the old one is kept).'),
  })
  .strict();
export type LinkStartInput = z.infer<typeof LinkStartInputSchema>;

export const LinkStartSchema = z.object({
  authorization_url: z.string().describe('Open it in a browser window: the provider asks for consent there.'),
  state: z.string().describe('Single-use, valid for 10 minutes.'),
});
export type LinkStart = z.infer<typeof LinkStartSchema>;

export const ConnectionListSchema = z.object({ connections: z.array(ConnectionSchema) });
export type ConnectionList = z.infer<typeof ConnectionListSchema>;

export const DisconnectedSchema = z.object({ disconnected: z.literal(true), id: z.number().int() });
export type Disconnected = z.infer<typeof DisconnectedSchema>;

export const ConnectionIdInput = z.object({
  id: z.number().int().positive().describe('Connection id (from the status).'),
});
