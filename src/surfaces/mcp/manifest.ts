// The machine-readable manifest of a profile (reference §a.2 format, key `app_mcp_version`) and its table
// form, both derived from the operations' tool bindings. `docs/manifests/<profile>.json` are these files.
import { TOOL_PROFILES, type ToolBinding, type ToolProfile } from '../../contracts/tools/tool-binding.js';
import type { AnyOperation } from '../../operations/define-operation.js';
import { profileTools } from './profile-tools.js';

export const MANIFEST_SCHEMA_VERSION = '1.2';
/** Version of the endpoint-table definitions (the generated platform tools). */
export const ENDPOINT_SPEC_VERSION = '1.3.0';

/** Manifest spelling of profiles (snake_case), in manifest order. */
const PROFILE_ORDER: readonly ToolProfile[] = ['readonly', 'api-readonly', 'write', 'admin'];
const snake = (profile: ToolProfile) => profile.replace('-', '_');

export interface ManifestTool {
  name: string;
  category: ToolBinding['category'];
  lane: ToolBinding['lane'];
  mutation: boolean;
  requires_social_client: boolean;
  requires_llm: boolean;
  requires_db: boolean;
  requires_scopes?: string[];
  requires_user_auth?: boolean;
  requires_elevated_access?: boolean;
  policy_gated?: 'gateway' | 'check';
  profiles: string[];
  possible_error_codes: string[];
}

export interface Manifest {
  app_mcp_version: string;
  mcp_schema_version: string;
  social_api_spec_version: string;
  profile: ToolProfile;
  tool_count: number;
  tools: ManifestTool[];
}

function manifestTool(op: AnyOperation & { tool: ToolBinding }): ManifestTool {
  const { tool } = op;
  const scopes = [...(tool.requires.scopes ?? [])];
  return {
    name: tool.name,
    category: tool.category,
    lane: tool.lane,
    mutation: op.mutation,
    requires_social_client: tool.requires.social === true,
    requires_llm: tool.requires.llm === true,
    requires_db: tool.requires.db === true,
    ...(scopes.length ? { requires_scopes: scopes } : {}),
    ...(tool.requires.userAuth ? { requires_user_auth: true } : {}),
    ...(tool.requires.elevated ? { requires_elevated_access: true } : {}),
    ...(tool.policy ? { policy_gated: tool.policy } : {}),
    profiles: PROFILE_ORDER.filter((p) => tool.profiles.includes(p)).map(snake),
    possible_error_codes: [...new Set(['invalid_input', ...tool.errors])],
  };
}

export function buildManifest(
  profile: ToolProfile,
  version: string,
  operations?: readonly AnyOperation[],
): Manifest {
  const tools = profileTools(profile, operations).map(manifestTool);
  return {
    app_mcp_version: version,
    mcp_schema_version: MANIFEST_SCHEMA_VERSION,
    social_api_spec_version: ENDPOINT_SPEC_VERSION,
    profile,
    tool_count: tools.length,
    tools,
  };
}

export const renderManifestJson = (manifest: Manifest) => `${JSON.stringify(manifest, null, 2)}\n`;

/** One row per tool: name, category, lane, mutation (M), needs (S social, L LLM, D database), profiles. */
export function renderManifestTable(manifest: Manifest): string {
  const rows = manifest.tools.map((t) => [
    t.name,
    t.category,
    t.lane,
    t.mutation ? 'M' : '-',
    `${t.requires_social_client ? 'S' : '-'}${t.requires_llm ? 'L' : '-'}${t.requires_db ? 'D' : '-'}`,
    t.policy_gated ?? '-',
    t.profiles.join(','),
  ]);
  const header = ['TOOL', 'CATEGORY', 'LANE', 'MUT', 'NEEDS', 'POLICY', 'PROFILES'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    `profile ${manifest.profile}: ${manifest.tool_count} tools (${manifest.tools.filter((t) => t.mutation).length} mutations)`,
    line(header),
    ...rows.map(line),
    '',
  ].join('\n');
}

export const MANIFEST_PROFILES: readonly ToolProfile[] = TOOL_PROFILES;
