// The inspector's AI section: a quick tone cue (sent as the must-follow `context`; the last 5 kept under
// `app:voice:saved-cues`) and "Improve" (Ctrl/Cmd+J), which rewrites the post in the account's voice. The
// text it replaces can be taken back with Undo.
import { useMutation } from '@tanstack/react-query';
import { type MutableRefObject, useEffect, useState } from 'react';
import { api } from '../../api.js';
import { rememberCue, savedCues } from './cues.js';

export function AiSection({
  text,
  enabled,
  replace,
  improveNow,
}: {
  /** The post text now, or undefined when there is none to improve (thread mode). */
  text: () => string | undefined;
  enabled: boolean;
  replace: (next: string) => void;
  /** Filled with "improve" for the keyboard shortcut and the palette. */
  improveNow?: MutableRefObject<(() => void) | undefined>;
}) {
  const [cue, setCue] = useState('');
  const [cues, setCues] = useState(() => savedCues(localStorage));
  const [undo, setUndo] = useState<string | undefined>();
  const improve = useMutation({
    mutationFn: async () => {
      const draft = text() ?? '';
      const answer = await api.assist.improve({
        draft,
        ...(cue.trim() ? { context: cue.trim() } : {}),
      });
      return { before: draft, ...answer };
    },
    onSuccess: (answer) => {
      if (cue.trim()) setCues(rememberCue(localStorage, cue));
      setUndo(answer.before);
      replace(answer.content);
    },
  });
  useEffect(() => {
    if (!improveNow) return;
    improveNow.current = () => {
      if (enabled && !improve.isPending && (text() ?? '').trim()) improve.mutate();
    };
  });
  return (
    <section aria-labelledby="ai-heading" className="inspector-section">
      <h2 id="ai-heading">AI</h2>
      <label>
        <span className="label">Tone cue</span>
        <input
          list="saved-cues"
          value={cue}
          placeholder="e.g. more confident"
          onChange={(event) => setCue(event.target.value)}
        />
      </label>
      <datalist id="saved-cues">
        {cues.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      {cues.length ? (
        <p className="cues">
          {cues.map((c) => (
            <button key={c} type="button" className="quiet chip" onClick={() => setCue(c)}>
              {c}
            </button>
          ))}
        </p>
      ) : null}
      <div className="publish-row">
        <button type="button" onClick={() => improve.mutate()} disabled={!enabled || improve.isPending}>
          {improve.isPending ? 'Improving…' : 'Improve'}
        </button>
        {undo !== undefined ? (
          <button
            type="button"
            className="quiet"
            onClick={() => {
              replace(undo);
              setUndo(undefined);
            }}
          >
            Undo improve
          </button>
        ) : null}
      </div>
      {!enabled ? <p className="muted">Improve works on a post; switch to Post mode.</p> : null}
      {improve.error ? (
        <p role="alert" aria-live="polite" className="error">
          {(improve.error as Error).message}
        </p>
      ) : null}
      {improve.data?.flags.length ? (
        <p role="status" className="muted">
          {improve.data.flags.join(', ')}
        </p>
      ) : null}
    </section>
  );
}
