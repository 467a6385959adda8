// How a config value becomes the text of its form field and back: the form holds text (checkboxes hold a
// boolean), and a save sends only the fields whose text changed, as the JSON value of the key's kind.
import type { SettingFieldSpec } from './settings-api.js';

export type FieldDraft = string | boolean;

/** The field's starting content: the effective value (a secret never: it is write-only). */
export function draftOf(field: SettingFieldSpec, value: unknown): FieldDraft {
  if (field.secret) return '';
  if (field.kind === 'boolean') return value === true;
  if (value === null || value === undefined) return '';
  if (field.kind === 'string_list') return Array.isArray(value) ? value.join('\n') : String(value);
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

export type Parsed = { set: unknown } | { unset: true } | { error: string };

/** What a changed field sends: a value of its kind, a removal (empty field), or a problem found here. */
export function parseDraft(field: SettingFieldSpec, draft: FieldDraft): Parsed {
  if (typeof draft === 'boolean') return { set: draft };
  const text = draft.trim();
  switch (field.kind) {
    case 'string_list':
      return {
        set: draft
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
      };
    case 'integer':
    case 'number':
      if (text === '') return { unset: true };
      // Anything that is not a number goes to the server as typed: its validation names the problem.
      return { set: /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : draft };
    case 'json':
      if (text === '') return { unset: true };
      try {
        return { set: JSON.parse(text) };
      } catch (error) {
        return { error: `not valid JSON: ${(error as Error).message}` };
      }
    default:
      if (field.secret) return { set: draft };
      return text === '' ? { unset: true } : { set: draft };
  }
}

/** The default as the help text shows it. */
export function describeDefault(field: SettingFieldSpec): string | undefined {
  if (!field.has_default || field.default === null) return undefined;
  const value = field.default;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  if (typeof value === 'object')
    return Object.keys(value as object).length === 0 ? 'none' : JSON.stringify(value);
  return String(value);
}
