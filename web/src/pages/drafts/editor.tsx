// The editor of one draft: sync state and banners, Post/Thread mode, the text or the cards with their media,
// the preview beside them, the revision history, the inspector and the command palette. State and keys
// live in use-draft-autosave.ts and use-editor-commands.ts.
import { History, PanelRight } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { Draft } from '../../../../src/contracts/drafts.js';
import { weightedLength } from '../../../../src/core/domain/weighted-length.js';
import { api } from '../../api.js';
import { takeCaretRequest } from '../../components/caret-request.js';
import { OverLimit } from '../../components/over-limit.js';
import { useNewDraft } from '../../components/use-new-draft.js';
import { Button } from '../../ui/button.js';
import { Toolbar } from '../../ui/toolbar.js';
import { AiSection, type ImproveTarget } from './ai-section.js';
import type { SyncState } from './autosave.js';
import { CommandPalette } from './command-palette.js';
import { DraftActions } from './draft-actions.js';
import {
  type Body,
  improveTargetOf,
  POST_TARGET,
  postText,
  previewPostsOf,
  switchMode,
} from './draft-body.js';
import { ConflictBanner, GoneBanner, RecoveredBanner } from './editor-banners.js';
import { FromNotes, type Provenance } from './from-notes.js';
import { HistoryPanel } from './history-panel.js';
import { Inspector, useInspectorOpen } from './inspector.js';
import { MediaSlot, pasteFiles } from './media-slot.js';
import { PostCost } from './post-cost.js';
import { Preview } from './preview.js';
import { PublishPanel } from './publish-panel.js';
import { clearCopy } from './recovery.js';
import { ThreadEditor } from './thread-editor.js';
import { useDraftAutosave } from './use-draft-autosave.js';
import { useEditorCommands } from './use-editor-commands.js';

const SYNC_LABEL: Record<SyncState, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Unsaved changes',
  offline: 'Offline: changes kept, retrying',
  conflict: 'Conflict: changed elsewhere',
};

export function Editor({ draft }: { draft: Draft }) {
  const { body, typed, sync, gone, recovered, setRecovered, serverDraft, autosave, update, takeServer } =
    useDraftAutosave(draft);
  const saveAsNew = useNewDraft();
  const [inspectorOpen, setInspectorOpen] = useInspectorOpen();
  const commands = useEditorCommands({ typed, update, inspectorOpen, setInspectorOpen });
  const pasteInto = useRef<((files: File[]) => void) | undefined>(undefined);
  const editorRef = useRef<HTMLElement>(null);
  // A draft just created for writing opens with the caret in its first text field (at the end of any text).
  useEffect(() => {
    if (!takeCaretRequest(draft.id)) return;
    const field = editorRef.current?.querySelector('textarea');
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, [draft.id]);
  /** New post text, keeping the post's media (and setting its provenance when given). */
  const setText = (text: string, extra: { provenance?: Provenance[] } = {}) =>
    update({
      content_type: 'tweet',
      content: text,
      media_paths: typed.body.content_type === 'tweet' ? (typed.body.media_paths ?? []) : [],
      ...extra,
    });
  // The preview follows the text at a lower priority: typing never waits for it, and on opening the editor
  // is editable first and the preview comes right after. Its first value is null, not undefined: React takes
  // an undefined initial value for none given and renders the whole preview in the editor's first pass.
  const previewBody = useDeferredValue<Body | null>(body, null);
  const previewPosts = useMemo(() => (previewBody ? previewPostsOf(previewBody) : []), [previewBody]);
  // The inspector's panels and their reads (schedule, voice, AI, notes) follow in that same later pass.
  const panels = useDeferredValue(true, false);

  const length = body.content_type === 'tweet' ? weightedLength(body.content) : 0;
  // Improve works on the post, or on the thread card last focused (the first until one is).
  const [focusedCard, setFocusedCard] = useState<string>();
  const improveTarget: ImproveTarget = improveTargetOf(body, focusedCard, () => typed.body);
  const improveInto = (key: string, next: string) => {
    const now = typed.body;
    if (key === POST_TARGET && now.content_type === 'tweet') setText(next);
    else if (now.content_type === 'thread' && now.blocks.some((card) => card.id === key))
      update({
        ...now,
        blocks: now.blocks.map((card) => (card.id === key ? { ...card, text: next } : card)),
      });
  };
  return (
    <div className={inspectorOpen ? 'editor-layout with-inspector' : 'editor-layout'}>
      <section className="editor" aria-label="Editor" ref={editorRef}>
        <Toolbar label="Draft" end>
          <DraftActions draft={serverDraft} />
          {/* The view buttons and the save status wrap as one: below the actions when the row is too narrow. */}
          <Toolbar label="Views" end className="editor-views">
            <Button
              variant="secondary"
              icon={PanelRight}
              aria-expanded={inspectorOpen}
              onClick={() => setInspectorOpen(!inspectorOpen)}
            >
              Inspector
            </Button>
            <Button
              variant="secondary"
              icon={History}
              aria-expanded={commands.showHistory}
              onClick={() => commands.setShowHistory(!commands.showHistory)}
            >
              History
            </Button>
            <span role="status" className={`sync sync-${sync}`}>
              {SYNC_LABEL[sync]}
            </span>
          </Toolbar>
        </Toolbar>
        {sync === 'conflict' ? (
          <ConflictBanner
            useMine={async () => {
              const server = await api.drafts.get(draft.id);
              await autosave.overwrite(server.version);
            }}
            reload={async () => takeServer(await api.drafts.get(draft.id))}
          />
        ) : null}
        {gone ? (
          <GoneBanner saveAsNew={() => saveAsNew.mutate(typed.body)} busy={saveAsNew.isPending} />
        ) : null}
        {recovered ? (
          <RecoveredBanner
            savedAt={recovered.savedAt}
            restore={() => {
              update(recovered.body);
              setRecovered(undefined);
            }}
            discard={() => {
              clearCopy(localStorage, draft.id);
              setRecovered(undefined);
            }}
          />
        ) : null}
        <div className={commands.showPreview ? 'panes with-preview' : 'panes'}>
          <div>
            <fieldset className="modes">
              <legend className="visually-hidden">Mode</legend>
              <Button
                variant="secondary"
                aria-pressed={body.content_type === 'tweet'}
                onClick={() => body.content_type !== 'tweet' && update(switchMode(body))}
              >
                Post
              </Button>
              <Button
                variant="secondary"
                aria-pressed={body.content_type === 'thread'}
                onClick={() => body.content_type !== 'thread' && update(switchMode(body))}
              >
                Thread
              </Button>
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
                <OverLimit length={length} what="This post" />
                <PostCost texts={[body.content]} />
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
              <>
                <ThreadEditor
                  onFocusCard={setFocusedCard}
                  cards={body.blocks}
                  onChange={(blocks) => update({ content_type: 'thread', blocks })}
                  commands={commands.threadCommands}
                />
                <PostCost texts={body.blocks.map((card) => card.text)} />
              </>
            )}
          </div>
          {commands.showPreview ? <Preview posts={previewPosts} /> : null}
        </div>
        {commands.showHistory ? (
          <HistoryPanel draft={serverDraft} version={() => autosave.version()} onRestored={takeServer} />
        ) : null}
      </section>
      <Inspector
        open={inspectorOpen}
        filled={panels}
        onClose={() => setInspectorOpen(false)}
        schedule={
          <PublishPanel
            draft={serverDraft}
            beforeSubmit={() => autosave.flush()}
            publishNow={commands.publishNow}
          />
        }
        ai={<AiSection target={improveTarget} replace={improveInto} improveNow={commands.improveNow} />}
        notes={
          <FromNotes
            text={() => postText(typed.body)}
            replace={(next, provenance) => setText(next, { provenance })}
          />
        }
      />
      <CommandPalette
        open={commands.palette}
        onOpenChange={commands.setPalette}
        threadMode={body.content_type === 'thread'}
        run={commands.run}
        returnFocus={() => commands.paletteReturn.current}
      />
    </div>
  );
}
