// Creates a server-backed draft (the dashboard's every "new" button ends here).
import type { CreateDraftInput, Draft } from '../../../contracts/drafts.js';
import type { ContentDeps } from '../content-deps.js';
import { nextStoredContent } from './draft-content.js';

/** A new draft in the Active group; unfinished content is fine, publishing checks the rules. */
export async function createDraft(deps: ContentDeps, input: CreateDraftInput): Promise<Draft> {
  const content = nextStoredContent(input, undefined, deps.newId);
  const draft = await deps.drafts.create(
    {
      ...content,
      title: input.title ?? null,
      notes: input.notes ?? null,
      tags: input.tags ?? [],
      source: input.source ?? 'manual',
    },
    deps.clock.now(),
  );
  if (input.provenance?.length)
    await deps.provenance?.linkDraft(draft.id, input.provenance, deps.clock.now());
  return draft;
}
