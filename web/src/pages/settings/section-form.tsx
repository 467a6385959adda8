// One config section as a form generated from the schema: a field per key, one Save that sends only the
// changed keys in one PATCH; a refused save shows each server issue beside its field and writes nothing.
// A change that points a stored secret's endpoint elsewhere says so, and its save removes the stored secret.
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { ApiError } from '../../api-request.js';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';
import { Toolbar } from '../../ui/toolbar.js';
import { FieldEditor, fieldId } from './field-editor.js';
import { draftOf, type FieldDraft, parseDraft } from './form-values.js';
import { describeMove, secretMoves } from './secret-moves.js';
import {
  fieldForIssue,
  issuesOf,
  type PatchBody,
  type SettingFieldSpec,
  type SettingsView,
  usePatchSettings,
} from './settings-api.js';

export interface CustomEditorProps {
  field: SettingFieldSpec;
  draft: FieldDraft;
  onChange(next: FieldDraft): void;
  labelledBy: string;
  disabled: boolean;
}

export interface SectionFormProps {
  section: { key: string; title: string; description: string };
  fields: readonly SettingFieldSpec[];
  view: SettingsView;
  /** Editors that replace the generated input of a key. */
  custom?: Record<string, (props: CustomEditorProps) => ReactNode>;
  /** Shown under the fields, given the form's current (unsaved) drafts: the LLM test. */
  extra?: (drafts: Record<string, FieldDraft>, edited: ReadonlySet<string>) => ReactNode;
  /** Shown above the fields (the business profile's enrichment stages). */
  intro?: ReactNode;
}

export function SectionForm({ section, fields, view, custom, extra, intro }: SectionFormProps) {
  const patch = usePatchSettings();
  const settings = useMemo(() => new Map(view.settings.map((s) => [s.key, s])), [view]);
  const initial = useMemo(
    () => Object.fromEntries(fields.map((f) => [f.key, draftOf(f, settings.get(f.key)?.value)])),
    [fields, settings],
  );
  const [edits, setEdits] = useState<Record<string, FieldDraft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string[]>();
  const [status, setStatus] = useState<string>();
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const drafts = { ...initial, ...edits };
  const edited = new Set(Object.keys(edits).filter((key) => edits[key] !== initial[key]));
  const headingId = `section-${section.key.replace(/\W/g, '-')}`;
  const warnings = view.issues.filter((issue) => fields.some((f) => f.key === issue.key));
  const moves = secretMoves(fields, settings, drafts, edited);

  const refuse = (fieldErrors: Record<string, string>, others: string[]) => {
    setErrors(fieldErrors);
    setProblem([
      `Nothing was saved: ${Object.keys(fieldErrors).length + others.length} problem(s). Fix the fields marked below.`,
      ...others,
    ]);
    setStatus(undefined);
    const first = fields.find((f) => fieldErrors[f.key]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${fieldId(first.key)}`)?.focus();
  };

  const save = async () => {
    const body: PatchBody = { set: {}, unset: [] };
    const local: Record<string, string> = {};
    for (const key of edited) {
      const field = fields.find((f) => f.key === key);
      const draft = edits[key];
      if (!field || draft === undefined) continue;
      const parsed = parseDraft(field, draft);
      if ('error' in parsed) local[key] = parsed.error;
      else if ('unset' in parsed) body.unset.push(key);
      else body.set[key] = parsed.set;
    }
    if (Object.keys(local).length > 0) return refuse(local, []);
    // A stored secret is never sent to the new endpoint: the change removes it (the form said so).
    for (const move of moves)
      if (!move.setBy && !body.unset.includes(move.secret)) body.unset.push(move.secret);
    if (edited.size === 0) {
      setStatus('Nothing changed.');
      return;
    }
    setSaving(true);
    try {
      const result = await patch(body);
      setEdits({});
      setErrors({});
      setProblem(undefined);
      const restart = result.restart_required.map((r) => `${r.key} applies after a restart: ${r.reason}.`);
      setStatus([`Saved ${[...edited].join(', ')}.`, ...restart].join(' '));
    } catch (error) {
      const issues = issuesOf(error);
      if (!issues) {
        setProblem([`Nothing was saved: ${(error as ApiError).message}.`]);
        setStatus(undefined);
        return;
      }
      const byField: Record<string, string> = {};
      const others: string[] = [];
      for (const issue of issues) {
        const key = fieldForIssue(
          issue.key,
          fields.map((f) => f.key),
        );
        if (key) byField[key] = byField[key] ? `${byField[key]}; ${issue.message}` : issue.message;
        else others.push(`${issue.key}: ${issue.message}`);
      }
      refuse(byField, others);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={section.title} headingId={headingId} id={`${headingId}-region`} className="settings-section">
      {section.description ? <p className="muted">{section.description}</p> : null}
      {intro}
      {warnings.length > 0 ? (
        <ul className="settings-warnings">
          {warnings.map((w) => (
            <li key={`${w.key}:${w.message}`}>{`${w.key}: ${w.message}`}</li>
          ))}
        </ul>
      ) : null}
      <form
        ref={formRef}
        aria-labelledby={headingId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {fields.map((field) => {
          const setting = settings.get(field.key);
          const draft = drafts[field.key] ?? '';
          const onChange = (next: FieldDraft) => setEdits((current) => ({ ...current, [field.key]: next }));
          const editor = custom?.[field.key];
          const disabled = setting?.source.kind === 'env' || setting?.source.kind === 'flag';
          return (
            <FieldEditor
              key={field.key}
              field={field}
              setting={setting}
              draft={draft}
              onChange={onChange}
              {...(errors[field.key] ? { error: errors[field.key] } : {})}
            >
              {editor
                ? editor({ field, draft, onChange, labelledBy: `${fieldId(field.key)}-label`, disabled })
                : undefined}
            </FieldEditor>
          );
        })}
        {moves.map((move) => (
          <p key={move.secret} role="note" className="settings-note">
            {describeMove(move)}
          </p>
        ))}
        {extra?.(drafts, edited)}
        {problem ? (
          <div role="alert" className="settings-problem">
            {problem.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : null}
        <Toolbar label={`Save ${section.title}`} className="settings-actions">
          <Button type="submit" disabled={saving}>
            Save changes
          </Button>
          {edited.size > 0 ? <span className="muted">{edited.size} unsaved change(s)</span> : null}
          <span role="status">{status}</span>
        </Toolbar>
      </form>
    </Card>
  );
}
