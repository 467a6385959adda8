// The inspector's From Notes section: search the notes, pick some, and generate a post grounded in them.
// With text already in the editor, an inline banner asks to replace it or cancel; after replacing, Undo is
// offered for 10 seconds. The notes cited become the draft's provenance, so once posted the post is written
// back into them (loop-back).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ProvenanceRef } from '../../../../src/contracts/drafts.js';
import { api } from '../../api.js';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';
import { Toolbar } from '../../ui/toolbar.js';
import { useEscapeLayer } from '../../use-escape-layer.js';

/** A note (and fragment) the generated text came from. */
export type Provenance = Pick<ProvenanceRef, 'node_id' | 'chunk_id'>;

const UNDO_MS = 10_000;

export function FromNotes({
  text,
  replace,
}: {
  /** The post text now (undefined in thread mode). */
  text: () => string | undefined;
  replace: (next: string, provenance: Provenance[]) => void;
}) {
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [pending, setPending] = useState<{ content: string; provenance: Provenance[] } | undefined>();
  const [undo, setUndo] = useState<string | undefined>();
  // Escape answers the replace question with Cancel (second in the cascade, after the palette).
  useEscapeLayer(
    'from-notes',
    () => pending !== undefined,
    () => setPending(undefined),
  );
  const notes = useQuery({
    queryKey: ['notes', q],
    queryFn: () => api.notes.search({ limit: 10, ...(q ? { q } : {}) }),
  });
  useEffect(() => {
    if (undo === undefined) return;
    const timer = setTimeout(() => setUndo(undefined), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);
  const apply = (next: { content: string; provenance: Provenance[] }) => {
    setUndo(text() ?? '');
    setPending(undefined);
    replace(next.content, next.provenance);
  };
  const generate = useMutation({
    mutationFn: () => api.assist.tweet({ topic: q, selected_node_ids: picked }),
    onSuccess: (answer) => {
      const provenance = (answer.vault_citations ?? []).map((c) => ({
        node_id: c.node_id,
        chunk_id: c.chunk_id,
      }));
      const next = { content: answer.content, provenance };
      if ((text() ?? '').trim()) setPending(next);
      else apply(next);
    },
  });
  return (
    <Card title="From Notes" headingId="notes-heading">
      <label>
        <span className="label">Search notes</span>
        <input type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      </label>
      <ul className="notes">
        {notes.data?.items.map((note) => (
          <li key={note.id}>
            <label>
              <input
                type="checkbox"
                checked={picked.includes(note.id)}
                onChange={(event) =>
                  setPicked((now) =>
                    event.target.checked ? [...now, note.id] : now.filter((id) => id !== note.id),
                  )
                }
              />{' '}
              {note.title ?? note.relative_path}
            </label>
          </li>
        ))}
      </ul>
      {notes.data && notes.data.items.length === 0 ? <p className="muted">No notes match.</p> : null}
      <Button
        onClick={() => generate.mutate()}
        disabled={generate.isPending || picked.length === 0 || text() === undefined}
      >
        {generate.isPending ? 'Generating…' : 'Generate from notes'}
      </Button>
      {pending ? (
        <div role="alert" className="banner">
          Replace your text with the generated post?
          <Toolbar label="Replace or keep your text">
            <Button onClick={() => apply(pending)}>Replace</Button>
            <Button variant="secondary" onClick={() => setPending(undefined)}>
              Cancel
            </Button>
          </Toolbar>
        </div>
      ) : null}
      {undo !== undefined ? (
        <p>
          <Button
            variant="secondary"
            onClick={() => {
              replace(undo, []);
              setUndo(undefined);
            }}
          >
            Undo replace
          </Button>
        </p>
      ) : null}
      {generate.error ? (
        <p role="alert" aria-live="polite" className="error">
          {(generate.error as Error).message}
        </p>
      ) : null}
    </Card>
  );
}
