// The config schema as the Settings page's forms: every leaf field with its label, kind, help text, default,
// secrecy and restart need, grouped by section — all from the one schema walk, never a hand list.
import { SECTION_TITLES } from '../../../contracts/config/config.js';
import { restartReason } from '../../../contracts/settings.js';
import type { SettingFieldSpec, SettingsSchemaView } from '../../../contracts/settings-forms.js';
import { type ConfigLeaf, configLeaves, configSections } from '../../domain/schema-walk.js';

const GENERAL = 'general';

/** `max_replies_per_day` → `Max replies per day`. */
function labelOf(name: string): string {
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A default as JSON (a default given as a function is called; undefined becomes null). */
function jsonDefault(leaf: ConfigLeaf): unknown {
  if (!leaf.hasDefault) return null;
  const value =
    typeof leaf.defaultValue === 'function' ? (leaf.defaultValue as () => unknown)() : leaf.defaultValue;
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

function fieldOf(leaf: ConfigLeaf): SettingFieldSpec {
  return {
    key: leaf.key,
    section: leaf.path.length > 1 ? leaf.path.slice(0, -1).join('.') : GENERAL,
    label: labelOf(leaf.path.at(-1) ?? leaf.key),
    kind: leaf.kind,
    ...(leaf.enumValues ? { enum_values: [...leaf.enumValues] } : {}),
    description: leaf.description,
    has_default: leaf.hasDefault,
    default: jsonDefault(leaf),
    optional: leaf.optional,
    secret: leaf.meta.secret === true,
    ...(leaf.meta.example === undefined ? {} : { example: leaf.meta.example }),
    restart_reason: restartReason(leaf.key) ?? null,
  };
}

/** Every section and leaf field of the config, in schema order; top-level keys form the 'general' section. */
export function describeSettings(): SettingsSchemaView {
  const fields = configLeaves().map(fieldOf);
  const sections = [
    { key: GENERAL, title: 'General', description: 'Operating mode, deployment mode and approval.' },
    ...configSections().map((section) => ({
      key: section.key,
      title: SECTION_TITLES[section.key] ?? labelOf(section.path.at(-1) ?? section.key),
      description: section.description,
    })),
  ].filter((section) => fields.some((field) => field.section === section.key));
  return { sections, fields };
}
