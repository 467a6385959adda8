// The inspector's AI section: a quick tone cue (sent as the must-follow `context`; the last 5 kept under
// `app:voice:saved-cues`) and "Improve" (Ctrl/Cmd+J), which rewrites the post, or in a thread the card last
// focused, in the account's voice. The answer goes back to the card it was asked for even if the caret has
// moved on meanwhile, and Undo puts that card's text back.
import { useMutation } from '@tanstack/react-query';
import { Sparkles, Undo2 } from 'lucide-react';
import { type MutableRefObject, useEffect, useState } from 'react';
import { api } from '../../api.js';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';
import { Toolbar } from '../../ui/toolbar.js';
import { rememberCue, savedCues } from './cues.js';

/** What Improve rewrites: the post, or one card of a thread (by its id). */
export interface ImproveTarget {
  key: string;
  /** How the section names it: "the post", "post 2 of 4". */
  label: string;
  /** Its text now. */
  text: () => string;
}

export function AiSection({
  target,
  replace,
  improveNow,
}: {
  target: ImproveTarget;
  /** Puts `next` in place of the text of the target with this key (when it is still there). */
  replace: (key: string, next: string) => void;
  /** Filled with "improve" for the keyboard shortcut and the palette. */
  improveNow?: MutableRefObject<(() => void) | undefined>;
}) {
  const [cue, setCue] = useState('');
  const [cues, setCues] = useState(() => savedCues(localStorage));
  const [undo, setUndo] = useState<{ key: string; label: string; text: string } | undefined>();
  const improve = useMutation({
    mutationFn: async () => {
      const { key, label } = target;
      const draft = target.text();
      const answer = await api.assist.improve({
        draft,
        ...(cue.trim() ? { context: cue.trim() } : {}),
      });
      return { key, label, before: draft, ...answer };
    },
    onSuccess: (answer) => {
      if (cue.trim()) setCues(rememberCue(localStorage, cue));
      setUndo({ key: answer.key, label: answer.label, text: answer.before });
      replace(answer.key, answer.content);
    },
  });
  const empty = !target.text().trim();
  useEffect(() => {
    if (!improveNow) return;
    improveNow.current = () => {
      if (!improve.isPending && target.text().trim()) improve.mutate();
    };
  });
  return (
    <Card title="AI" headingId="ai-heading">
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
            <Button key={c} variant="secondary" size="sm" className="chip" onClick={() => setCue(c)}>
              {c}
            </Button>
          ))}
        </p>
      ) : null}
      <Toolbar label="Improve" className="publish-row">
        <Button icon={Sparkles} onClick={() => improve.mutate()} disabled={empty || improve.isPending}>
          {improve.isPending ? 'Improving…' : 'Improve'}
        </Button>
        {undo !== undefined ? (
          <Button
            variant="secondary"
            icon={Undo2}
            onClick={() => {
              replace(undo.key, undo.text);
              setUndo(undefined);
            }}
          >
            Undo improve
          </Button>
        ) : null}
      </Toolbar>
      <p className="muted" id="improve-target">
        {empty ? `Improve rewrites ${target.label} once it has text.` : `Improve rewrites ${target.label}.`}
      </p>
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
    </Card>
  );
}
