// The first step of the wizard: the 5 quickstart fields (the provider's default model shown, the key hidden
// for ollama) and, folded away, the other `app init --advanced` fields. The questions come from the server
// (the ones `app init` asks); the server checks every answer and names the fields it refuses.
import { useMemo, useRef, useState } from 'react';
import type { SetupInitResult, SetupQuestion, SetupStatus } from '../../../../src/contracts/setup.js';
import { api } from '../../api.js';
import { ApiError } from '../../api-request.js';
import { Button } from '../../ui/button.js';

type Values = Record<string, string | boolean>;

function Field({
  question,
  value,
  error,
  required,
  note,
  onChange,
}: {
  question: SetupQuestion;
  value: string | boolean | undefined;
  error?: string;
  required: boolean;
  note?: string;
  onChange(value: string | boolean): void;
}) {
  const id = `field-${question.key.replace(/\W/g, '-')}`;
  const described = [error ? `${id}-error` : '', note ? `${id}-note` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name: question.key,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  };
  const label = `${question.label}${question.kind === 'string_list' ? ' (comma-separated)' : ''}`;
  return (
    <div className={question.kind === 'boolean' ? 'welcome-field check' : 'welcome-field'}>
      {question.kind === 'boolean' ? (
        <input
          {...common}
          type="checkbox"
          checked={value !== false}
          onChange={(e) => onChange(e.target.checked)}
        />
      ) : null}
      <label htmlFor={id}>{label}</label>
      {question.kind === 'enum' ? (
        <select {...common} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
          {required ? null : <option value="">(default)</option>}
          {(question.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : question.kind === 'boolean' ? null : (
        <input
          {...common}
          type={question.secret ? 'password' : 'text'}
          autoComplete="off"
          required={required}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {note ? (
        <p id={`${id}-note`} className="muted">
          {note}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="welcome-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function QuickstartForm({
  status,
  onCreated,
}: {
  status: SetupStatus;
  onCreated(result: SetupInitResult): void;
}) {
  const defaults = status.llm_providers[0]?.provider ?? '';
  const [values, setValues] = useState<Values>({ 'llm.provider': defaults });
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const provider = status.llm_providers.find((p) => p.provider === values['llm.provider']);
  const quick = status.questions.filter((q) => q.quickstart);
  const steps = useMemo(() => {
    const byStep = new Map<string, SetupQuestion[]>();
    for (const q of status.questions.filter((question) => !question.quickstart))
      byStep.set(q.step, [...(byStep.get(q.step) ?? []), q]);
    return [...byStep];
  }, [status.questions]);
  const shown = (q: SetupQuestion) => q.key !== 'llm.api_key' || provider?.needs_api_key !== false;
  const set = (key: string) => (value: string | boolean) => {
    setValues((old) => ({ ...old, [key]: value }));
    setTouched((old) => new Set(old).add(key));
  };
  const note = (q: SetupQuestion) => {
    if (q.key === 'llm.provider' && provider) return `Default model: ${provider.default_model}`;
    if (q.quickstart && !status.missing.includes(q.key))
      return 'Already set by this server’s environment; leave empty to keep it.';
    return undefined;
  };

  const advancedErrors = Object.keys(errors).some((key) => !quick.some((q) => q.key === key));
  const fieldless = Object.entries(errors).filter(([key]) => !status.questions.some((q) => q.key === key));

  const submit = async () => {
    setBusy(true);
    setProblem(undefined);
    setErrors({});
    const answers: Record<string, string | boolean> = {};
    for (const q of status.questions) {
      const value = values[q.key];
      if (!shown(q) || value === undefined || value === '') continue;
      // An untouched checkbox keeps the default `app init` writes.
      if (typeof value === 'boolean' && !touched.has(q.key)) continue;
      answers[q.key] = value;
    }
    try {
      onCreated(await api.setup.init(answers));
    } catch (error) {
      const issues = (error as ApiError).details as { issues?: Array<{ key: string; message: string }> };
      if (error instanceof ApiError && error.code === 'validation_error' && issues?.issues) {
        const byKey: Record<string, string> = {};
        for (const issue of issues.issues) byKey[issue.key] = issue.message;
        setErrors(byKey);
        setProblem('Nothing was saved: fix the fields marked below.');
        const first = issues.issues[0]?.key;
        requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      } else setProblem(`Nothing was saved: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      className="welcome-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {quick.filter(shown).map((q) => (
        <Field
          key={q.key}
          question={q}
          value={values[q.key]}
          error={errors[q.key]}
          required={status.missing.includes(q.key)}
          note={note(q)}
          onChange={set(q.key)}
        />
      ))}
      <details className="welcome-advanced" open={advancedErrors ? true : undefined}>
        <summary>Advanced steps (optional)</summary>
        {steps.map(([step, questions]) => (
          <fieldset key={step}>
            <legend>{step}</legend>
            {questions.map((q) => (
              <Field
                key={q.key}
                question={q}
                value={values[q.key]}
                error={errors[q.key]}
                required={false}
                onChange={set(q.key)}
              />
            ))}
          </fieldset>
        ))}
      </details>
      {problem ? (
        <div role="alert" className="welcome-error">
          <p>{problem}</p>
          {fieldless.length > 0 ? (
            <ul>
              {fieldless.map(([key, message]) => (
                <li key={key}>{`${key}: ${message}`}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" disabled={busy}>
        Save and continue
      </Button>
    </form>
  );
}
