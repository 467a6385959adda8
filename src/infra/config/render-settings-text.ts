// The text view of `app settings --show`: the effective config as TOML, every field with its value (secrets
// masked) and where it came from. A config renderer, like render-config.ts (app init's file).
import type { Config } from '../../contracts/config/config.js';
import { type ConfigSource, formatSource } from '../../core/domain/config-issue.js';
import { effectiveApprovalMode, missingQuickstartFields } from '../../core/domain/config-rules.js';
import { getPath } from '../../core/domain/object-path.js';
import { configLeaves } from '../../core/domain/schema-walk.js';
import { maskSecret } from './config-view.js';
import type { LoadedConfig } from './load-config.js';
import { tomlValue } from './toml-edit.js';

function sourceNote(source: ConfigSource | undefined): string {
  return source ? `  # ${formatSource(source)}` : '';
}

export function renderSettingsText(loaded: LoadedConfig & { config: Config }, dataDir: string): string {
  const { config } = loaded;
  const out: string[] = [
    `# config file: ${loaded.paths.configPath}${loaded.file.exists ? '' : ' (not found: built-in defaults)'}`,
    `# data dir:    ${dataDir}`,
  ];
  if (config.mode === 'composer' && !config.approval_mode) {
    out.push('# approval_mode is forced on: mode = composer');
  }
  const missing = missingQuickstartFields(config);
  if (missing.length > 0) out.push(`# missing quickstart fields: ${missing.join(', ')}`);
  let section = '';
  for (const leaf of configLeaves()) {
    const leafSection = leaf.path.slice(0, -1).join('.');
    if (leafSection !== section) {
      section = leafSection;
      out.push('', `[${section}]`);
    }
    const name = leaf.path[leaf.path.length - 1];
    let value = getPath(config, leaf.path);
    if (leaf.key === 'approval_mode') value = effectiveApprovalMode(config);
    if (value === undefined) {
      out.push(`# ${name} = (not set)`);
      continue;
    }
    const shown = leaf.meta.secret && typeof value === 'string' ? maskSecret(value) : value;
    out.push(`${name} = ${tomlValue(shown)}${sourceNote(loaded.sources.get(leaf.key))}`);
  }
  return `${out.join('\n')}\n`;
}
