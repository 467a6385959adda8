// Checks that the tool names in `[mcp_policy]` name real tools. A misspelt entry would otherwise do nothing,
// silently: a tool the user meant to block stays callable. The caller passes the names (the registry lives
// in operations/, which config loading must not import).
import type { McpPolicy } from '../../contracts/config/mcp-policy.js';
import { nearest } from './did-you-mean.js';
import { namesTool } from './mutation-policy.js';

export interface PolicyToolProblem {
  /** Path of the entry, e.g. ['mcp_policy', 'blocked_tools', 0]. */
  path: Array<string | number>;
  entry: string;
  /** The nearest tool name, written in the entry's own form (with or without `social_`). */
  suggestion?: string;
  message: string;
}

const LISTS = ['blocked_tools', 'require_approval_for'] as const;
const PREFIX = 'social_';

/** Entries of `blocked_tools` and `require_approval_for` that name no tool, each with the nearest tool name. */
export function unknownPolicyTools(
  policy: Pick<McpPolicy, (typeof LISTS)[number]>,
  toolNames: readonly string[],
): PolicyToolProblem[] {
  // What an entry without the prefix can name: a platform tool's short form, or a tool that has no prefix.
  const shortNames = toolNames.map((name) => (name.startsWith(PREFIX) ? name.slice(PREFIX.length) : name));
  const problems: PolicyToolProblem[] = [];
  for (const list of LISTS) {
    policy[list].forEach((raw, index) => {
      const entry = raw.trim();
      if (toolNames.some((tool) => namesTool(entry, tool))) return;
      // Suggest in the form the user wrote: `like_twet` → `like_tweet`, `social_like_twet` → `social_like_tweet`.
      const suggestion = nearest(entry, entry.startsWith(PREFIX) ? toolNames : shortNames);
      const hint = suggestion ? ` (did you mean ${suggestion}?)` : '';
      problems.push({
        path: ['mcp_policy', list, index],
        entry,
        suggestion,
        message: `'${entry}' names no tool${hint}; this entry has no effect`,
      });
    });
  }
  return problems;
}
