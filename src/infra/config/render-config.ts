// Renders config TOML from the schema: a fresh file for `app init`, and commented scaffolds for `app update`.
import { SECTION_TITLES } from '../../contracts/config/config.js';
import { ContentSourceSchema } from '../../contracts/config/content-sources.js';
import { configLeaves } from '../../core/domain/schema-walk.js';
import { tomlValue } from './toml-edit.js';

const sectionOf = (key: string) => key.split('.').slice(0, -1).join('.');
const nameOf = (key: string) => key.split('.').pop() as string;

/**
 * A complete config file holding `values` (dotted key → value), grouped by section in schema order,
 * each section introduced by its title.
 */
export function renderConfigFile(values: ReadonlyMap<string, unknown>, header: string[] = []): string {
  const bySection = new Map<string, string[]>();
  for (const leaf of configLeaves()) {
    if (!values.has(leaf.key)) continue;
    const section = sectionOf(leaf.key);
    const lines = bySection.get(section) ?? [];
    lines.push(`${nameOf(leaf.key)} = ${tomlValue(values.get(leaf.key))}`);
    bySection.set(section, lines);
  }
  const out = header.map((line) => `# ${line}`);
  const root = bySection.get('');
  if (root) out.push(...(out.length ? [''] : []), ...root);
  for (const [section, lines] of bySection) {
    if (section === '') continue;
    if (out.length) out.push('');
    if (SECTION_TITLES[section]) out.push(`# ${SECTION_TITLES[section]}`);
    out.push(`[${section}]`, ...lines);
  }
  return `${out.join('\n')}\n`;
}

function exampleOf(defaultValue: unknown, example: unknown, kind: string): string {
  if (defaultValue !== undefined) return tomlValue(defaultValue);
  if (example !== undefined) return tomlValue(example);
  return kind === 'string_list' ? '[]' : kind === 'boolean' ? 'false' : kind === 'integer' ? '0' : '""';
}

/** Commented `# key = default  # description` lines for the given dotted keys. */
export function commentedLines(keys: readonly string[]): string[] {
  return keys.flatMap((key) => {
    const leaf = configLeaves().find((l) => l.key === key);
    if (!leaf) return [];
    const note = leaf.description ? `  # ${leaf.description}` : '';
    return [`# ${nameOf(key)} = ${exampleOf(leaf.defaultValue, leaf.meta.example, leaf.kind)}${note}`];
  });
}

/** Commented lines for one `[[content_sources.sources]]` entry of each type. */
export function contentSourceScaffold(): string[] {
  const shape = ContentSourceSchema.shape;
  const describe = (name: keyof typeof shape) => shape[name].description ?? '';
  return [
    '# [[content_sources.sources]]',
    '# source_type = "local_fs"',
    `# path = "~/notes"  # ${describe('path')}`,
    `# watch = true  # ${describe('watch')}`,
    `# file_patterns = [ "*.md", "*.txt" ]  # ${describe('file_patterns')}`,
    `# loop_back_enabled = true  # ${describe('loop_back_enabled')}`,
    `# analytics_sync_enabled = false  # ${describe('analytics_sync_enabled')}`,
    '#',
    '# [[content_sources.sources]]',
    '# source_type = "cloud_drive"',
    `# connection_id = 1  # ${describe('connection_id')}`,
    `# folder_id = "your-folder-id"  # ${describe('folder_id')}`,
    `# poll_interval_seconds = 300  # ${describe('poll_interval_seconds')}`,
  ];
}
