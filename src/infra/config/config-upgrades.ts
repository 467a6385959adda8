// `app update`: feature groups a config written by an older version may lack, and the commented
// scaffold offered for each. Scaffolds are comments only, so the user's settings never change meaning.
import { getPath } from '../../core/domain/object-path.js';
import { commentedLines, contentSourceScaffold } from './render-config.js';
import { locateTomlKeys } from './toml-locate.js';

export interface UpgradeGroup {
  id: string;
  title: string;
  /** Dotted keys; the group is present when any of them is set in the file. */
  keys: string[];
  /** The table the keys belong to ('' = top level). */
  section: string;
  /** Custom scaffold lines (content sources); otherwise derived from `keys`. */
  lines?: () => string[];
}

export const UPGRADE_GROUPS: readonly UpgradeGroup[] = [
  { id: 'deployment_mode', title: 'Deployment mode', section: '', keys: ['deployment_mode'] },
  { id: 'approval_mode', title: 'Approval mode', section: '', keys: ['approval_mode'] },
  {
    id: 'persona',
    title: 'Persona',
    section: 'business',
    keys: ['business.persona_opinions', 'business.persona_experiences', 'business.content_pillars'],
  },
  {
    id: 'targets',
    title: 'Target accounts',
    section: 'targets',
    keys: ['targets.accounts', 'targets.max_target_replies_per_day'],
  },
  {
    id: 'safety_limits',
    title: 'Enhanced safety limits',
    section: 'limits',
    keys: ['limits.max_replies_per_author_per_day', 'limits.banned_phrases', 'limits.product_mention_ratio'],
  },
  {
    id: 'mcp_policy',
    title: 'Tool mutation policy',
    section: 'mcp_policy',
    keys: [
      'mcp_policy.enforce_for_mutations',
      'mcp_policy.require_approval_for',
      'mcp_policy.blocked_tools',
      'mcp_policy.dry_run_mutations',
      'mcp_policy.max_mutations_per_hour',
    ],
  },
  {
    id: 'cloud_drive_connector',
    title: 'Cloud drive connector',
    section: 'connectors.cloud_drive',
    keys: [
      'connectors.cloud_drive.client_id',
      'connectors.cloud_drive.client_secret',
      'connectors.cloud_drive.redirect_uri',
    ],
  },
  {
    id: 'content_sources',
    title: 'Content sources',
    section: 'content_sources',
    keys: ['content_sources.sources'],
    lines: contentSourceScaffold,
  },
];

const marker = (group: UpgradeGroup) => `# --- app update: ${group.id} (${group.title}) ---`;

/** Groups with no key set in the file and no scaffold already added. */
export function missingUpgradeGroups(text: string, raw: Record<string, unknown>): UpgradeGroup[] {
  return UPGRADE_GROUPS.filter(
    (group) => !group.keys.some((key) => getPath(raw, key) !== undefined) && !text.includes(marker(group)),
  );
}

function scaffold(group: UpgradeGroup, text: string): string[] {
  const body = group.lines ? group.lines() : commentedLines(group.keys);
  if (group.section === '' || group.lines) return [marker(group), ...body];
  const hasTable = locateTomlKeys(text).has(group.section);
  const where = hasTable
    ? [`# Move these lines into your [${group.section}] table:`]
    : [`# [${group.section}]`];
  return [marker(group), ...where, ...body];
}

/**
 * Adds commented scaffolds for `groups`. Top-level keys go above the first table (a key after a table
 * header would belong to that table); the rest is appended. No existing byte is changed or removed.
 */
export function applyUpgrades(text: string, groups: readonly UpgradeGroup[]): string {
  const top = groups.filter((g) => g.section === '').flatMap((g) => [...scaffold(g, text), '']);
  const end = groups.filter((g) => g.section !== '').flatMap((g) => ['', ...scaffold(g, text)]);
  let result = text;
  if (top.length > 0) {
    const lines = result.split('\n');
    const headers = [...locateTomlKeys(result).values()]
      .map((p) => p.line - 1)
      .filter((l) => /^\s*\[/.test(lines[l] ?? ''));
    let at = headers.length > 0 ? Math.min(...headers) : lines.length;
    // Keep the comment block that introduces the first table attached to it, unless that block
    // opens the file: then it is the file's own header and the scaffold goes below it.
    let start = at;
    while (start > 0 && (lines[start - 1] ?? '').trimStart().startsWith('#')) start--;
    if (start > 0) at = start;
    else if (at > 0) top.unshift('');
    if (at === lines.length && result.endsWith('\n')) at = lines.length - 1;
    lines.splice(at, 0, ...top);
    result = lines.join('\n');
  }
  if (end.length > 0) {
    const glue = result === '' || result.endsWith('\n') ? '' : '\n';
    result = `${result}${glue}${end.join('\n')}\n`;
  }
  return result;
}
