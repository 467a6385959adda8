// The platform OAuth tokens as stored in <data dir>/tokens.json (0600), written by `app auth` and the refresher.
import { z } from 'zod';

export const StoredTokensSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().default('bearer'),
  /** When the access token stops working (ISO 8601). */
  expires_at: z.iso.datetime({ offset: true }),
  /** Scopes the platform granted (may be fewer than requested). */
  scopes: z.array(z.string()).default([]),
  obtained_at: z.iso.datetime({ offset: true }).optional(),
  /** The authenticated account, learned at login so "me" routes need no extra call. */
  user_id: z.string().optional(),
  username: z.string().optional(),
  /**
   * Where these tokens may be sent: the origin of each platform host (and of the token endpoint) when they
   * were issued. A config pointing elsewhere needs a new login; the tokens are never sent there.
   */
  origins: z.record(z.string(), z.string()).optional(),
});

export type StoredTokens = z.infer<typeof StoredTokensSchema>;
