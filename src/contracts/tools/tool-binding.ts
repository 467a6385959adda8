// How an operation is exposed as a tool: its name, category, profiles, what it depends on and which error
// codes it can answer with. Declared once on the operation; registration, manifests and docs derive from it.

import type { POLICY_CATEGORIES } from '../config/mcp-policy.js';
import type { ErrorCode } from '../errors.js';

export const TOOL_PROFILES = ['write', 'admin', 'readonly', 'api-readonly'] as const;
export type ToolProfile = (typeof TOOL_PROFILES)[number];

export const TOOL_CATEGORIES = [
  'read',
  'write',
  'engage',
  'media',
  'analytics',
  'approval',
  'content',
  'discovery',
  'scoring',
  'config',
  'health',
  'policy',
  'telemetry',
  'context',
  'composite',
  'meta',
  'list',
  'moderation',
  'direct_message',
  'ads',
  'compliance',
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

export type PolicyCategory = (typeof POLICY_CATEGORIES)[number];

export interface ToolRequirements {
  /** Needs the platform client (tokens, or the scraper). */
  social?: boolean;
  llm?: boolean;
  db?: boolean;
  /** OAuth scopes the platform calls need. */
  scopes?: readonly string[];
  /** Acts as the signed-in user (every platform tool). */
  userAuth?: boolean;
  /** Needs elevated platform access (ads, compliance, stream rules, universal requests). */
  elevated?: boolean;
}

export interface ToolBinding {
  /** The tool name agents call. */
  name: string;
  category: ToolCategory;
  /** `shared`: stateless, usable by every profile; `workflow`: backed by the database, LLM or policy. */
  lane: 'shared' | 'workflow';
  profiles: readonly ToolProfile[];
  requires: ToolRequirements;
  /** Every code the tool can answer with (besides invalid_input for malformed arguments). */
  errors: readonly ErrorCode[];
  /**
   * How the tool meets the mutation policy: `gateway` (the whole gateway, audited), `check` (the policy
   * alone). Absent: only `blocked_tools` applies.
   */
  policy?: 'gateway' | 'check';
  /** The category a `check` call is decided and counted under, when the tool's own is not a policy one. */
  policyCategory?: PolicyCategory;
}

/** Error-code sets many tools share (reference §a.2). */
export const PLATFORM_READ_ERRORS: readonly ErrorCode[] = [
  'social_not_configured',
  'social_rate_limited',
  'social_auth_expired',
  'social_forbidden',
  'social_network_error',
  'social_api_error',
];
export const POLICY_ERRORS: readonly ErrorCode[] = [
  'policy_denied_blocked',
  'policy_denied_rate_limited',
  'policy_denied_hard_rule',
  'policy_denied_user_rule',
  'policy_error',
];
export const PLATFORM_ENGAGE_ERRORS: readonly ErrorCode[] = [
  ...PLATFORM_READ_ERRORS,
  'scraper_mutation_blocked',
  ...POLICY_ERRORS,
];
export const PLATFORM_WRITE_ERRORS: readonly ErrorCode[] = [
  ...PLATFORM_READ_ERRORS,
  'tweet_too_long',
  'scraper_mutation_blocked',
  ...POLICY_ERRORS,
];
export const DB_ERRORS: readonly ErrorCode[] = ['db_error'];
export const LLM_ERRORS: readonly ErrorCode[] = ['llm_not_configured', 'llm_error'];
