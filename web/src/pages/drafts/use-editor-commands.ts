// The editor's commands from the catalog (keys and the palette both run them): mode, new draft, publish,
// improve, focus mode, preview, history and inspector toggles, and the card commands; the window's key handler
// (Ctrl/Cmd+K opens the palette); the palette and focus mode in the Escape cascade.
import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import { useNewDraft } from '../../components/use-new-draft.js';
import { commandFor, matches, PALETTE_CHORD } from '../../shortcuts.js';
import { useEscapeLayer } from '../../use-escape-layer.js';
import { type Body, switchMode } from './draft-body.js';
import type { ThreadCommands } from './thread-editor.js';

export function useEditorCommands(options: {
  typed: { body: Body };
  update: (body: Body) => void;
  inspectorOpen: boolean;
  setInspectorOpen: (open: boolean) => void;
}) {
  const { typed, update } = options;
  const [palette, setPalette] = useState(false);
  const paletteReturn = useRef<HTMLElement | null>(null);
  const [focusMode, setFocusMode] = useState(false);
  const [showPreview, setShowPreview] = useState(true);
  const [showHistory, setShowHistory] = useState(false);
  const threadCommands = useRef<ThreadCommands | null>(null);
  const publishNow: MutableRefObject<(() => void) | undefined> = useRef(undefined);
  const improveNow: MutableRefObject<(() => void) | undefined> = useRef(undefined);
  const newDraft = useNewDraft();

  const run = (id: string) => {
    const mode = typed.body.content_type;
    if (id === 'mode.post' && mode !== 'tweet') update(switchMode(typed.body));
    else if (id === 'mode.thread' && mode !== 'thread') update(switchMode(typed.body));
    else if (id === 'compose.new') newDraft.mutate(undefined);
    else if (id === 'compose.publish') publishNow.current?.();
    else if (id === 'ai.improve') improveNow.current?.();
    else if (id === 'compose.focus') setFocusMode((on) => !on);
    else if (id === 'compose.preview') setShowPreview((on) => !on);
    else if (id === 'compose.history') setShowHistory((on) => !on);
    else if (id === 'compose.inspector') options.setInspectorOpen(!options.inspectorOpen);
    else if (id.startsWith('thread.')) threadCommands.current?.run(id);
  };
  const runRef = useRef(run);
  runRef.current = run;

  useEscapeLayer(
    'palette',
    () => palette,
    () => setPalette(false),
  );
  useEscapeLayer(
    'focus',
    () => focusMode,
    () => setFocusMode(false),
  );
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
      const command = commandFor(event, typed.body.content_type === 'thread');
      // Thread commands act on a card: its textarea handles them. New draft's keys are the shell's.
      if (!command || command.category === 'Thread' || command.id === 'compose.new') return;
      event.preventDefault();
      runRef.current(command.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [typed]);

  return {
    run,
    palette,
    setPalette,
    paletteReturn,
    showPreview,
    showHistory,
    setShowHistory,
    threadCommands,
    publishNow,
    improveNow,
  };
}
