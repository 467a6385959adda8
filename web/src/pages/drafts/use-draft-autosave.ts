// The body being edited and its autosave: every change goes through `update` (state, autosave, and the
// offline copy while saves fail); the sync state, a conflict or a deleted draft, the copy left by an earlier
// failure, and the lifecycle (save on `online`, a keepalive save when the page goes away, stop on a real
// unmount).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Draft } from '../../../../src/contracts/drafts.js';
import { api } from '../../api.js';
import { ApiError } from '../../api-request.js';
import { createAutosave, type SyncState } from './autosave.js';
import { type Body, bodyFromCopy, bodyOf, copyOfBody } from './draft-body.js';
import { clearCopy, copyFor, keepCopy } from './recovery.js';

export function useDraftAutosave(draft: Draft) {
  const client = useQueryClient();
  const [body, setBody] = useState<Body>(() => bodyOf(draft));
  const [sync, setSync] = useState<SyncState>('saved');
  const [gone, setGone] = useState(false);
  // The latest body, for callbacks that run outside render (autosave states, keys, the palette).
  const [typed] = useState(() => ({ body: bodyOf(draft) }));
  const [mounted] = useState(() => ({ now: false }));
  // Set while the page is going away: the last save must outlive it (keepalive).
  const [leaving] = useState(() => ({ now: false }));
  // The server's latest copy (kept current by saves and actions), for status, schedule and history.
  const serverDraft = useQuery({
    queryKey: ['draft', draft.id],
    queryFn: () => draft,
    staleTime: Number.POSITIVE_INFINITY,
    initialData: draft,
  }).data;
  // One autosave per draft opened (the editor is keyed by draft id): later server copies of the draft
  // must not reset what is being typed.
  const [autosave] = useState(() =>
    createAutosave<Body>(draft.version, {
      save: async (next, version) => {
        const saved = await api.drafts.update(draft.id, { ...next, version }, { keepalive: leaving.now });
        client.setQueryData(['draft', draft.id], saved);
        void client.invalidateQueries({ queryKey: ['drafts'] });
        return saved;
      },
      failure: (error) => ({
        conflict: error instanceof ApiError && error.status === 409,
        gone: error instanceof ApiError && error.status === 404,
      }),
      onGone: () => setGone(true),
      onState: (state) => {
        setSync(state);
        // The offline copy exists only while the server cannot take the text, and goes once it has it.
        if (state === 'offline') keepCopy(localStorage, copyOfBody(draft.id, typed.body, autosave.version()));
        if (state === 'saved') clearCopy(localStorage, draft.id);
      },
    }),
  );
  const [recovered, setRecovered] = useState(() => {
    const copy = copyFor(localStorage, draft.id, Date.now());
    const kept = copy ? bodyFromCopy(copy) : undefined;
    return copy && kept && JSON.stringify(kept) !== JSON.stringify(bodyOf(draft))
      ? { body: kept, savedAt: copy.savedAt }
      : undefined;
  });

  useEffect(() => {
    mounted.now = true;
    const online = () => void autosave.flush();
    // Closing or reloading the tab within the debounce must not lose what was typed.
    const hide = () => {
      leaving.now = true;
      void autosave.flush();
    };
    const show = () => {
      leaving.now = false;
    };
    window.addEventListener('online', online);
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
      // Leaving the draft saves what is pending; if that fails the offline copy keeps it. The autosave
      // stops only on a real unmount (StrictMode runs this cleanup once on mount and remounts at once).
      mounted.now = false;
      void autosave.flush().finally(() => {
        if (!mounted.now) autosave.dispose();
      });
    };
  }, [autosave, leaving, mounted]);

  /** Every change of the body goes through here. */
  const update = (next: Body) => {
    typed.body = next;
    setBody(next);
    autosave.edit(next);
    if (autosave.state() === 'offline')
      keepCopy(localStorage, copyOfBody(draft.id, next, autosave.version()));
  };
  /** The server's body replaces the editor's (reload after a conflict, a restored revision). */
  const takeServer = (server: Draft) => {
    autosave.reset(server.version);
    typed.body = bodyOf(server);
    setBody(typed.body);
  };
  return { body, typed, sync, gone, recovered, setRecovered, serverDraft, autosave, update, takeServer };
}
