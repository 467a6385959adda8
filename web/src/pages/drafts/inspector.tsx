// The inspector rail beside the editor: Schedule (publish now, schedule, unschedule), AI (tone cue, improve),
// From Notes (generate from picked notes) and Voice (the brand
// voice, content style and up to 3 pillars the AI writes in; collapsed state kept under
// `app:voice:expanded`). Toggled with Ctrl/Cmd+I; open by default on desktop and closed on mobile, where it
// is a bottom drawer; the choice is kept under `app:inspector:open`.
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { api } from '../../api.js';
import { readStored, writeStored } from '../../stored-value.js';
import { Card } from '../../ui/card.js';
import { useEscapeLayer } from '../../use-escape-layer.js';

export const INSPECTOR_KEY = 'app:inspector:open';
export const VOICE_KEY = 'app:voice:expanded';

const narrow = () => window.matchMedia('(max-width: 767px)').matches;

function stored(key: string): boolean | undefined {
  const value = readStored(localStorage, key);
  return typeof value === 'boolean' ? value : undefined;
}

const keep = (key: string, value: boolean) => writeStored(localStorage, key, value);

/** Open state of the inspector: the stored choice, else open on desktop and closed on mobile. */
export function useInspectorOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => stored(INSPECTOR_KEY) ?? !narrow());
  return [
    open,
    (next) => {
      keep(INSPECTOR_KEY, next);
      setOpen(next);
    },
  ];
}

interface VoiceSettings {
  brand_voice?: string;
  content_style?: string;
  content_pillars?: string[];
}

function VoiceSection() {
  const [expanded, setExpanded] = useState(() => stored(VOICE_KEY) ?? true);
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: () => api.settings.get(),
    staleTime: 60_000,
  });
  const voice = (settings.data?.config as { business?: VoiceSettings } | undefined)?.business ?? {};
  const pillars = (voice.content_pillars ?? []).slice(0, 3);
  return (
    <Card
      headingId="voice-heading"
      title={
        <button
          type="button"
          className="quiet disclosure"
          aria-expanded={expanded}
          onClick={() => {
            keep(VOICE_KEY, !expanded);
            setExpanded(!expanded);
          }}
        >
          Voice
        </button>
      }
    >
      {expanded ? (
        <dl className="voice">
          <dt>Brand voice</dt>
          <dd>{voice.brand_voice ?? 'Not set (Settings → Voice)'}</dd>
          <dt>Content style</dt>
          <dd>{voice.content_style ?? 'Not set'}</dd>
          <dt>Pillars</dt>
          <dd>{pillars.length ? pillars.join(', ') : 'None yet'}</dd>
        </dl>
      ) : null}
    </Card>
  );
}

export function Inspector({
  open,
  filled = true,
  onClose,
  schedule,
  ai,
  notes,
}: {
  open: boolean;
  /** False for the editor's first pass: the rail keeps its place and its panels come right after. */
  filled?: boolean;
  onClose: () => void;
  schedule: ReactNode;
  ai: ReactNode;
  notes: ReactNode;
}) {
  // Escape closes the drawer on a phone (after the palette and the from-notes question, before focus mode).
  useEscapeLayer('drawer', () => open && narrow(), onClose);
  // Kept mounted while hidden: its AI section answers Ctrl/Cmd+J with the inspector closed too.
  return (
    // data-overlay: on a phone it is a drawer over the page (the layout test leaves overlays aside).
    <aside className="inspector" aria-label="Inspector" hidden={!open} data-overlay="drawer">
      {filled ? (
        <>
          {schedule}
          <VoiceSection />
          {ai}
          {notes}
        </>
      ) : null}
    </aside>
  );
}
