// What the editor says above the text when something needs the user: a conflict (keep mine or take the
// server's), a draft deleted elsewhere (save the text as a new draft), text an earlier failure left behind
// (restore or discard).
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.js';
import { Toolbar } from '../../ui/toolbar.js';

export function ConflictBanner({ useMine, reload }: { useMine: () => void; reload: () => void }) {
  return (
    <div role="alert" className="banner">
      This draft was changed in another window.
      <Toolbar label="Which text to keep">
        <Button onClick={useMine}>Use mine</Button>
        <Button onClick={reload}>Reload server</Button>
      </Toolbar>
    </div>
  );
}

export function GoneBanner({ saveAsNew, busy }: { saveAsNew: () => void; busy: boolean }) {
  return (
    <div role="alert" className="banner">
      This draft was deleted in another window. Your text is still here.
      <Button onClick={saveAsNew} disabled={busy}>
        Save as a new draft
      </Button>
    </div>
  );
}

export function RecoveredBanner({
  savedAt,
  restore,
  discard,
}: {
  savedAt: number;
  restore: () => void;
  discard: () => void;
}): ReactNode {
  return (
    <section className="banner" aria-label="Recovered text">
      <p>Text typed here on {new Date(savedAt).toLocaleString()} never reached the server.</p>
      <Toolbar label="Restore or discard">
        <Button onClick={restore}>Restore it</Button>
        <Button variant="secondary" onClick={discard}>
          Discard
        </Button>
      </Toolbar>
    </section>
  );
}
