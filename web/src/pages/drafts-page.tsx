// Draft Studio (first slice): the rail of drafts by group and the editor of the draft in the URL
// (`/drafts?id=42`), autosaved with its sync state shown.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { ThreadBlock } from '../../../src/contracts/content.js';
import type { Draft } from '../../../src/contracts/drafts.js';
import { sortBlocks } from '../../../src/core/domain/parse-thread-input.js';
import { cardsFromPost, postFromCards } from '../../../src/core/domain/thread-cards.js';
import { weightedLength } from '../../../src/core/domain/weighted-length.js';
import { ApiError, api } from '../api.js';
import { createAutosave, type SyncState } from '../autosave.js';
import { clearCopy, copyFor, keepCopy, type RecoveryCopy } from '../recovery.js';
import { navigate, useLocation } from '../router.js';
import { commandFor, matches, PALETTE_CHORD } from '../shortcuts.js';
import { AiSection } from './ai-section.js';
import { CommandPalette } from './command-palette.js';
import { DraftActions } from './draft-actions.js';
import { DraftRail } from './draft-rail.js';
import { FromNotes, type Provenance } from './from-notes.js';
import { HistoryPanel } from './history-panel.js';
import { Inspector, useInspectorOpen } from './inspector.js';
import { MediaSlot, pasteFiles } from './media-slot.js';
import { Preview } from './preview.js';
import { PublishPanel } from './publish-panel.js';
import { type ThreadCommands, ThreadEditor } from './thread-editor.js';

const SYNC_LABEL: Record<SyncState, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Unsaved changes',
  offline: 'Offline: changes kept, retrying',
  conflict: 'Conflict: changed elsewhere',
};

/** What the editor edits and autosave sends: a post's text, or a thread's cards. */
type Body =
  | { content_type: 'tweet'; content: string; media_paths?: string[]; provenance?: Provenance[] }
  | { content_type: 'thread'; blocks: ThreadBlock[] };

const bodyOf = (draft: Draft): Body =>
  draft.content_type === 'thread'
    ? { content_type: 'thread', blocks: sortBlocks(draft.blocks ?? []) }
    : { content_type: 'tweet', content: draft.content, media_paths: draft.media_paths };

/** The body an offline copy holds. */
const bodyFromCopy = (copy: RecoveryCopy): Body =>
  copy.blocks
    ? { content_type: 'thread', blocks: copy.blocks }
    : { content_type: 'tweet', content: copy.content };

/** The body in another mode: a post becomes the first card; cards become one post. */
function switchMode(body: Body): Body {
  const newId = () => crypto.randomUUID();
  if (body.content_type === 'tweet')
    return { content_type: 'thread', blocks: cardsFromPost(body.content, body.media_paths ?? [], newId) };
  const post = postFromCards(body.blocks);
  return { content_type: 'tweet', content: post.text, media_paths: post.mediaPaths };
}

export function useNewDraft(options: { replace?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Draft>('POST', '/api/content/drafts', { content: '' }),
    onSuccess: (draft) => {
      void client.invalidateQueries({ queryKey: ['drafts'] });
      navigate(`/drafts?id=${draft.id}`, options);
    },
  });
}

function Editor({ draft }: { draft: Draft }) {
  const client = useQueryClient();
  const [body, setBody] = useState<Body>(() => bodyOf(draft));
  const [sync, setSync] = useState<SyncState>('saved');
  // One autosave per draft opened (the editor is keyed by draft id): later server copies of the draft
  // must not reset what is being typed.
  // The latest text typed, for the offline copy (state callbacks run outside render).
  const [typed] = useState(() => ({ body: bodyOf(draft) }));
  const [mounted] = useState(() => ({ now: false }));
  const [gone, setGone] = useState(false);
  // The server's latest copy (kept current by saves and actions), for status, schedule and history.
  const serverDraft = useQuery({
    queryKey: ['draft', draft.id],
    queryFn: () => draft,
    staleTime: Number.POSITIVE_INFINITY,
    initialData: draft,
  }).data;
  const saveAsNew = useMutation({
    mutationFn: () => api<Draft>('POST', '/api/content/drafts', typed.body),
    onSuccess: (copy) => {
      void client.invalidateQueries({ queryKey: ['drafts'] });
      navigate(`/drafts?id=${copy.id}`);
    },
  });
  // Set while the page is going away: the last save must outlive it (keepalive).
  const [leaving] = useState(() => ({ now: false }));
  const [autosave] = useState(() =>
    createAutosave<Body>(draft.version, {
      save: async (text, version) => {
        const saved = await api<Draft>(
          'PATCH',
          `/api/content/drafts/${draft.id}`,
          { ...text, version },
          { keepalive: leaving.now },
        );
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
        if (state === 'offline') keepCopy(localStorage, copyOf(typed.body));
        if (state === 'saved') clearCopy(localStorage, draft.id);
      },
    }),
  );
  const copyOf = (next: Body) => ({
    draftId: draft.id,
    ...(next.content_type === 'tweet'
      ? { content: next.content }
      : { content: postFromCards(next.blocks).text, blocks: next.blocks }),
    version: autosave.version(),
    savedAt: Date.now(),
  });
  const [recovered, setRecovered] = useState(() => {
    const copy = copyFor(localStorage, draft.id, Date.now());
    const kept = copy ? bodyFromCopy(copy) : undefined;
    return copy && kept && JSON.stringify(kept) !== JSON.stringify(bodyOf(draft))
      ? { body: kept, savedAt: copy.savedAt }
      : undefined;
  });
  /** Every change of the body goes through here: state, autosave, and the offline copy while offline. */
  const update = (next: Body) => {
    typed.body = next;
    setBody(next);
    autosave.edit(next);
    if (autosave.state() === 'offline') keepCopy(localStorage, copyOf(next));
  };
  /** New post text, keeping the post's media (and setting its provenance when given). */
  const setText = (text: string, extra: { provenance?: Provenance[] } = {}) =>
    update({
      content_type: 'tweet',
      content: text,
      media_paths: typed.body.content_type === 'tweet' ? (typed.body.media_paths ?? []) : [],
      ...extra,
    });
  const pasteInto = useRef<((files: File[]) => void) | undefined>(undefined);
  /** The server's body replaces the editor's (reload after a conflict, a restored revision). */
  const takeServer = (server: Draft) => {
    autosave.reset(server.version);
    typed.body = bodyOf(server);
    setBody(typed.body);
  };

  const [palette, setPalette] = useState(false);
  const paletteReturn = useRef<HTMLElement | null>(null);
  const [focusMode, setFocusMode] = useState(false);
  const [showPreview, setShowPreview] = useState(true);
  // The preview follows the text at a lower priority: typing never waits for it.
  const previewBody = useDeferredValue(body);
  const previewPosts = useMemo(
    () =>
      previewBody.content_type === 'tweet'
        ? [{ text: previewBody.content, media: previewBody.media_paths ?? [] }]
        : previewBody.blocks.map((card) => ({ text: card.text, media: card.media_paths })),
    [previewBody],
  );
  const [inspectorOpen, setInspectorOpen] = useInspectorOpen();
  const inspectorNow = useRef(inspectorOpen);
  inspectorNow.current = inspectorOpen;
  const threadCommands = useRef<ThreadCommands | null>(null);
  const publishNow = useRef<(() => void) | undefined>(undefined);
  const improveNow = useRef<(() => void) | undefined>(undefined);
  const newDraft = useNewDraft();
  /** Runs a command of the catalog (keys and the palette both come here). */
  const run = (id: string) => {
    const mode = typed.body.content_type;
    if (id === 'mode.post' && mode !== 'tweet') update(switchMode(typed.body));
    else if (id === 'mode.thread' && mode !== 'thread') update(switchMode(typed.body));
    else if (id === 'compose.new') newDraft.mutate();
    else if (id === 'compose.publish') publishNow.current?.();
    else if (id === 'ai.improve') improveNow.current?.();
    else if (id === 'compose.focus') setFocusMode((on) => !on);
    else if (id === 'compose.preview') setShowPreview((on) => !on);
    else if (id === 'compose.inspector') setInspectorOpen(!inspectorNow.current);
    else if (id.startsWith('thread.')) threadCommands.current?.run(id);
  };
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    document.body.classList.toggle('focus-mode', focusMode);
    return () => document.body.classList.remove('focus-mode');
  }, [focusMode]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (matches(event, PALETTE_CHORD)) {
        event.preventDefault();
        paletteReturn.current = document.activeElement as HTMLElement | null;
        setPalette(true);
        return;
      }
      // The Escape cascade below the palette (which closes itself first): focus mode.
      if (event.key === 'Escape') {
        setFocusMode(false);
        return;
      }
      const command = commandFor(event, typed.body.content_type === 'thread');
      // Thread commands act on a card: its textarea handles them.
      if (!command || command.category === 'Thread') return;
      event.preventDefault();
      runRef.current(command.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [typed]);

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

  const length = body.content_type === 'tweet' ? weightedLength(body.content) : 0;
  return (
    <div className={inspectorOpen ? 'editor-layout with-inspector' : 'editor-layout'}>
      <section className="editor" aria-label="Editor">
        <div className="editor-bar">
          <DraftActions draft={serverDraft} />
          <button
            type="button"
            className="quiet"
            aria-expanded={inspectorOpen}
            onClick={() => setInspectorOpen(!inspectorOpen)}
          >
            Inspector
          </button>
          <span role="status" className={`sync sync-${sync}`}>
            {SYNC_LABEL[sync]}
          </span>
        </div>
        {sync === 'conflict' ? (
          <div role="alert" className="banner">
            This draft was changed in another window.
            <button
              type="button"
              onClick={async () => {
                const server = await api<Draft>('GET', `/api/content/drafts/${draft.id}`);
                await autosave.overwrite(server.version);
              }}
            >
              Use mine
            </button>
            <button
              type="button"
              onClick={async () => {
                takeServer(await api<Draft>('GET', `/api/content/drafts/${draft.id}`));
              }}
            >
              Reload server
            </button>
          </div>
        ) : null}
        {gone ? (
          <div role="alert" className="banner">
            This draft was deleted in another window. Your text is still here.
            <button type="button" onClick={() => saveAsNew.mutate()} disabled={saveAsNew.isPending}>
              Save as a new draft
            </button>
          </div>
        ) : null}
        {recovered ? (
          <section className="banner" aria-label="Recovered text">
            <p>Text typed here on {new Date(recovered.savedAt).toLocaleString()} never reached the server.</p>
            <button
              type="button"
              onClick={() => {
                update(recovered.body);
                setRecovered(undefined);
              }}
            >
              Restore it
            </button>
            <button
              type="button"
              className="quiet"
              onClick={() => {
                clearCopy(localStorage, draft.id);
                setRecovered(undefined);
              }}
            >
              Discard
            </button>
          </section>
        ) : null}
        <div className={showPreview ? 'panes with-preview' : 'panes'}>
          <div>
            <fieldset className="modes">
              <legend className="visually-hidden">Mode</legend>
              <button
                type="button"
                className="quiet"
                aria-pressed={body.content_type === 'tweet'}
                onClick={() => body.content_type !== 'tweet' && update(switchMode(body))}
              >
                Post
              </button>
              <button
                type="button"
                className="quiet"
                aria-pressed={body.content_type === 'thread'}
                onClick={() => body.content_type !== 'thread' && update(switchMode(body))}
              >
                Thread
              </button>
            </fieldset>
            {body.content_type === 'tweet' ? (
              <>
                <label htmlFor="post-text" className="label">
                  Post text
                </label>
                <textarea
                  id="post-text"
                  value={body.content}
                  rows={8}
                  onChange={(event) => setText(event.target.value)}
                  onPaste={(event) => pasteFiles(event, pasteInto.current)}
                />
                <p className={length > 280 ? 'counter over' : 'counter'} aria-live="polite">
                  {length} / 280
                </p>
                <MediaSlot
                  label="post"
                  media={body.media_paths ?? []}
                  onChange={(media) => update({ ...body, media_paths: media })}
                  registerPaste={(add) => {
                    pasteInto.current = add;
                  }}
                />
              </>
            ) : (
              <ThreadEditor
                cards={body.blocks}
                onChange={(blocks) => update({ content_type: 'thread', blocks })}
                commands={threadCommands}
              />
            )}
          </div>
          {showPreview ? <Preview posts={previewPosts} /> : null}
        </div>
        <HistoryPanel draft={serverDraft} version={() => autosave.version()} onRestored={takeServer} />
      </section>
      <Inspector
        open={inspectorOpen}
        onClose={() => setInspectorOpen(false)}
        schedule={
          <PublishPanel draft={serverDraft} beforeSubmit={() => autosave.flush()} publishNow={publishNow} />
        }
        ai={
          <AiSection
            enabled={body.content_type === 'tweet'}
            text={() => (typed.body.content_type === 'tweet' ? typed.body.content : undefined)}
            replace={(next) => setText(next)}
            improveNow={improveNow}
          />
        }
        notes={
          <FromNotes
            text={() => (typed.body.content_type === 'tweet' ? typed.body.content : undefined)}
            replace={(next, provenance) => setText(next, { provenance })}
          />
        }
      />
      <CommandPalette
        open={palette}
        onOpenChange={setPalette}
        threadMode={body.content_type === 'thread'}
        run={run}
        returnFocus={() => paletteReturn.current}
      />
    </div>
  );
}

export function DraftsPage() {
  const { params } = useLocation();
  const id = Number(params.get('id')) || undefined;
  const newDraft = useNewDraft();
  const draft = useQuery({
    queryKey: ['draft', id],
    queryFn: () => api<Draft>('GET', `/api/content/drafts/${id}`),
    enabled: id !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <div className="studio">
      <DraftRail selected={id} />
      <main className="workspace">
        <h1>Draft Studio</h1>
        {id === undefined ? (
          <div className="empty">
            <p>Pick a draft, or start a new one.</p>
            <button type="button" onClick={() => newDraft.mutate()} disabled={newDraft.isPending}>
              New draft
            </button>
          </div>
        ) : draft.error ? (
          <p role="alert">
            {draft.error instanceof ApiError && draft.error.status === 404
              ? 'This draft no longer exists.'
              : (draft.error as Error).message}
          </p>
        ) : draft.data ? (
          <Editor key={draft.data.id} draft={draft.data} />
        ) : (
          <p className="muted">Loading…</p>
        )}
      </main>
    </div>
  );
}
