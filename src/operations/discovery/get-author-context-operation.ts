// Tool get_author_context: what the account knows about an author before engaging with them.
import { z } from 'zod';
import { getAuthorContext } from '../../core/services/context/get-author-context.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

export const getAuthorContextOperation = defineOperation({
  name: 'get_author_context',
  summary:
    "Everything known about an author before engaging: platform profile, the account's past replies to them, approval items aimed at them, their discovered posts, whether they are a target account, and today's replies (the account's timezone) against the per-author daily cap.",
  input: z.object({
    author_id: z
      .string()
      .trim()
      .regex(/^(\d{1,20}|@?\w{1,15})$/, 'must be a numeric user id or a handle')
      .describe('The author: a numeric user id, or a handle (with or without @).'),
  }),
  output: z.object({
    author: z.object({ id: z.string().nullable(), username: z.string().nullable() }),
    profile_source: z.enum(['platform', 'local']),
    is_target_account: z.boolean(),
    interactions: z.object({
      replies: z.object({ total: z.number().int(), since: z.number().int(), last_at: z.string().nullable() }),
      approval_queue: z.object({ by_status: z.record(z.string(), z.number().int()) }),
      discovered: z.object({ total: z.number().int(), avg_score: z.number().nullable() }),
    }),
    reply_cap: z.object({ cap: z.number(), remaining: z.number(), can_reply: z.boolean() }),
  }),
  mutation: false,
  tool: discoveryBinding('get_author_context', 'context', { social: true, errors: ['context_error'] }),
  run: (deps, input) => getAuthorContext(discoveryServices(deps), { identifier: input.author_id }),
});
