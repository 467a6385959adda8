// The Escape cascade (spec): one press closes one thing, in this order — the command palette, the
// from-notes question, the inspector drawer (phones), focus mode. Each closable thing registers how to
// tell whether it is open and how to close it; one window listener, in the capture phase so it runs before any component's own handler,
// closes the first open one in the order and stops the event there. A confirmation dialog keeps Escape
// for itself (Radix closes it).

export const ESCAPE_ORDER = ['palette', 'from-notes', 'drawer', 'focus'] as const;
export type EscapeLayer = (typeof ESCAPE_ORDER)[number];

/** The layer an Escape closes now, if any. */
export function layerToClose(open: ReadonlySet<EscapeLayer>): EscapeLayer | undefined {
  return ESCAPE_ORDER.find((layer) => open.has(layer));
}

interface Closer {
  isOpen(): boolean;
  close(): void;
}
const closers = new Map<EscapeLayer, Closer>();
let listening = false;

function onKey(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.isComposing) return;
  const target = event.target as Element | null;
  if (target?.closest?.('[role="alertdialog"]')) return;
  const open = new Set([...closers].filter(([, closer]) => closer.isOpen()).map(([layer]) => layer));
  const layer = layerToClose(open);
  if (!layer) return;
  event.preventDefault();
  event.stopPropagation();
  closers.get(layer)?.close();
}

/** Registers the closer of `layer`; answers the function that unregisters it. */
export function registerLayer(layer: EscapeLayer, closer: Closer): () => void {
  if (!listening && typeof window !== 'undefined') {
    window.addEventListener('keydown', onKey, { capture: true });
    listening = true;
  }
  closers.set(layer, closer);
  return () => {
    if (closers.get(layer) === closer) closers.delete(layer);
  };
}
