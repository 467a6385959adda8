// One config key as a form field: the input its kind needs, its help text and default, where the value comes
// from (env and flags are read-only here), whether a change waits for a restart, and the server's problem.
import type { ReactNode } from 'react';
import { Field, type FieldControlProps } from '../../ui/field.js';
import { describeDefault, type FieldDraft } from './form-values.js';
import type { Setting, SettingFieldSpec } from './settings-api.js';

export const fieldId = (key: string) => `setting-${key.replace(/[^A-Za-z0-9]/g, '-')}`;

function sourceText(setting: Setting | undefined): string | undefined {
  const source = setting?.source;
  if (source?.kind === 'env') return `Set by the environment variable ${source.name}: change it there.`;
  if (source?.kind === 'flag') return `Set by the command-line flag ${source.name}: change it there.`;
  return undefined;
}

export interface FieldEditorProps {
  field: SettingFieldSpec;
  setting: Setting | undefined;
  draft: FieldDraft;
  onChange(next: FieldDraft): void;
  error?: string;
  /** A different editor for this key (the policy's tool pickers). */
  children?: ReactNode;
}

export function FieldEditor({ field, setting, draft, onChange, error, children }: FieldEditorProps) {
  const id = fieldId(field.key);
  const fromOutside = sourceText(setting);
  const readOnly = fromOutside !== undefined;
  const fallback = describeDefault(field);
  const render = (control: FieldControlProps): ReactNode => {
    const common = { ...control, disabled: readOnly } as const;
    let input: ReactNode;
    if (children) input = children;
    else if (field.kind === 'boolean') {
      input = (
        <input
          {...common}
          type="checkbox"
          checked={draft === true}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    } else if (field.kind === 'enum') {
      input = (
        <select {...common} value={String(draft)} onChange={(e) => onChange(e.target.value)}>
          {field.optional || !field.has_default ? <option value="">Not set</option> : null}
          {(field.enum_values ?? []).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      );
    } else if (field.kind === 'string_list' || field.kind === 'json') {
      input = (
        <textarea
          {...common}
          rows={field.kind === 'json' ? 4 : 3}
          spellCheck={false}
          value={String(draft)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    } else if (field.secret) {
      const masked = typeof setting?.value === 'string' ? setting.value : undefined;
      input = (
        <input
          {...common}
          type="password"
          autoComplete="off"
          placeholder={masked ? `Saved (${masked}); type to replace` : 'Not set'}
          value={String(draft)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    } else {
      const numeric = field.kind === 'integer' || field.kind === 'number';
      input = (
        <input
          {...common}
          type="text"
          inputMode={numeric ? 'decimal' : undefined}
          spellCheck={false}
          value={String(draft)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
    return input;
  };
  return (
    <Field
      id={id}
      className={`setting${field.kind === 'boolean' ? ' setting-check' : ''}`}
      label={field.label}
      labelAs={children ? 'span' : 'label'}
      help={
        <>
          {field.description}
          {fallback !== undefined ? ` Default: ${fallback}.` : ''}
          {field.kind === 'string_list' ? ' One per line.' : ''}
          {field.secret ? ' Write-only: the saved value is never shown.' : ''}
          {fromOutside ? ` ${fromOutside}` : ''}
          {field.restart_reason ? ` Applies after a restart (${field.restart_reason}).` : ''}
        </>
      }
      error={error}
    >
      {render}
    </Field>
  );
}
