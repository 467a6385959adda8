// The tool response envelope, version 1.0 (spec: Response envelope): every tool answers with it.
import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

export const TOOL_VERSION = '1.0';

export const EnvelopeErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  retryable: z.boolean(),
  rate_limit_reset: z.string().optional(),
  policy_decision: z.enum(['denied', 'routed_to_approval']).optional(),
  details: z.unknown().optional(),
});

export const EnvelopeMetaSchema = z.looseObject({
  tool_version: z.literal(TOOL_VERSION),
  elapsed_ms: z.number().int().nonnegative(),
  mode: z.enum(['autopilot', 'composer']).optional(),
  approval_mode: z.boolean().optional(),
});

export const EnvelopeSchema = z.object({
  success: z.boolean(),
  data: z.unknown(),
  error: EnvelopeErrorSchema.optional(),
  meta: EnvelopeMetaSchema.optional(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;
export type EnvelopeError = z.infer<typeof EnvelopeErrorSchema>;
export type EnvelopeMeta = z.infer<typeof EnvelopeMetaSchema>;

/** Routed to the approval queue: a success, not an error (spec: Policy outcome payload shapes). */
export interface RoutedPayload {
  routed_to_approval: true;
  approval_queue_id: number;
  reason: string;
}

/** Dry run: what would have run, nothing executed. `params` is the JSON-encoded input. */
export interface DryRunPayload {
  dry_run: true;
  would_execute: string;
  params: string;
}
