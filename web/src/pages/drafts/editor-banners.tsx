// What the editor says above the text when something needs the user: a conflict (keep mine or take the
// server's), a draft deleted elsewhere (save the text as a new draft), text an earlier failure left behind
// (restore or discard).
import type { ReactNode } from 'react';

export function ConflictBanner({ useMine, reload }: { useMine: () => void; reload: () => void }) {
  return (
    <div role="alert" className="banner">
      This draft was changed in another window.
      <button type="button" onClick={useMine}>
        Use mine
      </button>
      <button type="button" onClick={reload}>
        Reload server
      </button>
    </div>
  );
}

export function GoneBanner({ saveAsNew, busy }: { saveAsNew: () => void; busy: boolean }) {
  return (
    <div role="alert" className="banner">
      This draft was deleted in another window. Your text is still here.
      <button type="button" onClick={saveAsNew} disabled={busy}>
        Save as a new draft
      </button>
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
      <button type="button" onClick={restore}>
        Restore it
      </button>
      <button type="button" className="quiet" onClick={discard}>
        Discard
      </button>
    </section>
  );
}
