// The operating mode dropdown and approval mode: each change is one PATCH that the server applies before it
// answers (no restart); composer forces approval on, as the spec's mode table says.
import { useState } from 'react';
import type { ApiError } from '../../api-request.js';
import { Card } from '../../ui/card.js';
import { type SettingsView, usePatchSettings } from './settings-api.js';

export function ModePanel({ view }: { view: SettingsView }) {
  const patch = usePatchSettings();
  const [status, setStatus] = useState<string>();
  const [problem, setProblem] = useState<string>();
  // What the person just chose, shown until the server's answer replaces the view (or refuses it).
  const [pending, setPending] = useState<{ key: string; value: unknown }>();
  const setting = (key: string) => view.settings.find((s) => s.key === key);
  const shown = (key: string) => (pending?.key === key ? pending.value : setting(key)?.value);
  const composer = shown('mode') === 'composer';
  const outside = (key: string) => {
    const source = setting(key)?.source;
    return source?.kind === 'env' || source?.kind === 'flag' ? source.name : undefined;
  };
  const apply = async (key: string, value: unknown, done: string) => {
    setProblem(undefined);
    setPending({ key, value });
    try {
      await patch({ set: { [key]: value }, unset: [] });
      setStatus(done);
    } catch (error) {
      setStatus(undefined);
      setProblem(`Not changed: ${(error as ApiError).message}`);
    } finally {
      setPending(undefined);
    }
  };
  return (
    <Card title="Operating mode" headingId="section-operating-mode" className="settings-section">
      <div className="setting">
        <label htmlFor="operating-mode" className="setting-label">
          Mode
        </label>
        <select
          id="operating-mode"
          aria-describedby="operating-mode-help"
          value={String(shown('mode') ?? 'autopilot')}
          disabled={outside('mode') !== undefined}
          onChange={(event) =>
            void apply(
              'mode',
              event.target.value,
              event.target.value === 'composer'
                ? 'Composer mode is on: the mentions, target, content and thread loops stop at their next turn, discovery only scores, and every post waits for approval.'
                : 'Autopilot is on: the loops resume at their next turn. Items waiting for approval stay there.',
            )
          }
        >
          <option value="autopilot">Autopilot</option>
          <option value="composer">Composer</option>
        </select>
        <p className="setting-help" id="operating-mode-help">
          Autopilot runs every loop; in composer you write and the service only assists. Applies at once,
          without a restart.
          {outside('mode') ? ` Set by ${outside('mode')}: change it there.` : ''}
        </p>
      </div>
      <div className="setting setting-check">
        <input
          id="approval-mode"
          type="checkbox"
          aria-describedby="approval-mode-help"
          checked={composer || shown('approval_mode') === true}
          disabled={composer || outside('approval_mode') !== undefined}
          onChange={(event) =>
            void apply(
              'approval_mode',
              event.target.checked,
              event.target.checked
                ? 'Approval mode is on.'
                : 'Approval mode is off: posts go out without review.',
            )
          }
        />
        <label htmlFor="approval-mode" className="setting-label">
          Approval mode
        </label>
        <p className="setting-help" id="approval-mode-help">
          Queue every post for human review.
          {composer ? ' Always on in composer mode.' : ''}
          {outside('approval_mode') ? ` Set by ${outside('approval_mode')}: change it there.` : ''}
        </p>
      </div>
      <p role="status">{status}</p>
      {problem ? (
        <p role="alert" className="setting-error">
          {problem}
        </p>
      ) : null}
    </Card>
  );
}
