// A tool's human title and its behaviour hints (MCP annotations), derived from the operation's tool binding
// by one rule each, so a new operation gets them without anyone typing them per tool.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ToolOperation } from './profile-tools.js';

/** Verbs that take something away: a mutation named with one is destructive. */
const DESTRUCTIVE_VERBS = new Set([
  'delete',
  'remove',
  'cancel',
  'reject',
  'unfollow',
  'unlike',
  'unblock',
  'unretweet',
  'unbookmark',
  'unpin',
  'unmute',
]);

/** Verbs that set a state (or take it away): repeating them changes nothing further. */
const IDEMPOTENT_VERBS = new Set([...DESTRUCTIVE_VERBS, 'update', 'put', 'add', 'follow', 'pin', 'hide']);

const RAW_IDEMPOTENT = new Set(['put', 'delete']);

/** Categories whose mutations are all state toggles (like, follow, bookmark, mute, block, hide…). */
const TOGGLE_CATEGORIES = new Set(['engage', 'moderation']);

const words = (name: string) => name.split('_');

/** A raw platform request (the universal tools): it may do anything the endpoint does. */
const rawRequest = (op: ToolOperation) => op.mutation && !op.action && op.tool.requires.elevated === true;

export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** All four hints, each with its value for this tool. */
export function toolHints(op: ToolOperation): ToolHints {
  const verbs = words(op.tool.name);
  const readOnly = !op.mutation;
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && (rawRequest(op) || verbs.some((w) => DESTRUCTIVE_VERBS.has(w))),
    // A raw request is idempotent as its HTTP method is (PUT, DELETE); another mutation by its verb.
    idempotentHint:
      readOnly ||
      (rawRequest(op)
        ? verbs.some((w) => RAW_IDEMPOTENT.has(w))
        : TOGGLE_CATEGORIES.has(op.tool.category) || verbs.some((w) => IDEMPOTENT_VERBS.has(w))),
    openWorldHint: op.tool.requires.social === true,
  };
}

/** The MCP specification's defaults: a client reads an absent hint as this value. */
const SPEC_DEFAULTS: ToolHints = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/**
 * The hints as listed: only those that differ from the specification's defaults, and destructive and
 * idempotent only for a tool that writes (the specification gives them meaning only then). Same values
 * a client derives; a quarter of the characters.
 */
export function toolAnnotations(op: ToolOperation): ToolAnnotations {
  const hints = toolHints(op);
  const listed: ToolAnnotations = {};
  for (const key of Object.keys(hints) as (keyof ToolHints)[]) {
    if (hints.readOnlyHint && (key === 'destructiveHint' || key === 'idempotentHint')) continue;
    if (hints[key] !== SPEC_DEFAULTS[key]) listed[key] = hints[key];
  }
  return listed;
}

/** Where the text derived from the name reads wrong. */
const TITLE_OVERRIDES: Record<string, string> = {
  social_get: 'Raw platform GET request',
  social_post: 'Raw platform POST request',
  social_put: 'Raw platform PUT request',
  social_delete: 'Raw platform DELETE request',
  social_v2_dm_events: 'Recent DM events',
  get_mcp_tool_metrics: 'Tool call metrics',
  get_mcp_error_breakdown: 'Tool error breakdown',
};

const ACRONYMS: Record<string, string> = {
  dm: 'DM',
  id: 'ID',
  ids: 'IDs',
  llm: 'LLM',
  mcp: 'MCP',
  ads: 'Ads',
};

/** The human name of a tool: its name's words without the `social_`/`v2` prefix, sentence case. */
export function toolTitle(op: ToolOperation): string {
  const override = TITLE_OVERRIDES[op.tool.name];
  if (override) return override;
  const parts = words(op.tool.name).filter((w, i) => !(i === 0 && w === 'social') && w !== 'v2');
  const text = parts.map((w) => ACRONYMS[w] ?? w).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
