// Draft housekeeping: archive (soft delete, restorable), restore, duplicate, delete, and restoring a revision.
import type { Draft } from '../../../contracts/drafts.js';
import { AppError, conflictError } from '../../errors.js';
import type { ContentDeps } from '../content-deps.js';
import { unscheduleDraft } from '../publishing/submit-draft.js';
import { storedOf } from './draft-content.js';
import { findDraft } from './find-draft.js';
import { getRevision } from './read-drafts.js';
import { saveDraft } from './save-draft.js';

const IN_FLIGHT = new Set<Draft['status']>(['posting']);

/** Archives a draft; a scheduled one is taken off the schedule first (nothing posts from the archive). */
export async function archiveDraft(deps: ContentDeps, id: number): Promise<Draft> {
  let draft = await findDraft(deps, id);
  if (draft.archived_at) return draft;
  if (IN_FLIGHT.has(draft.status)) throw conflictError(`draft ${id} is being posted`, draft);
  draft = await unscheduleDraft(deps, draft);
  return (await deps.drafts.setState(
    id,
    { archived_at: deps.clock.now().toISOString() },
    deps.clock.now(),
  )) as Draft;
}

export async function restoreDraft(deps: ContentDeps, id: number): Promise<Draft> {
  const draft = await findDraft(deps, id);
  if (!draft.archived_at) return draft;
  return (await deps.drafts.setState(id, { archived_at: null }, deps.clock.now())) as Draft;
}

/** A new Active draft with the same content, title "(copy)". */
export async function duplicateDraft(deps: ContentDeps, id: number): Promise<Draft> {
  const source = await findDraft(deps, id);
  return deps.drafts.create(
    {
      ...storedOf(source),
      title: source.title ? `${source.title} (copy)` : '(copy)',
      notes: source.notes,
      tags: source.tags,
      source: 'manual',
    },
    deps.clock.now(),
  );
}

/** Deletes a draft for good (revisions too); a scheduled one is unscheduled first. */
export async function deleteDraft(deps: ContentDeps, id: number): Promise<{ id: number; deleted: true }> {
  const draft = await findDraft(deps, id);
  if (IN_FLIGHT.has(draft.status)) throw conflictError(`draft ${id} is being posted`, draft);
  await unscheduleDraft(deps, draft);
  if (!(await deps.drafts.remove(id))) throw new AppError('not_found', `draft ${id} not found`);
  return { id, deleted: true };
}

/** Brings back a revision's content as a new save (itself a revision), version-checked like any edit. */
export async function restoreRevision(
  deps: ContentDeps,
  input: { id: number; rev: number; version: number },
): Promise<Draft> {
  const revision = await getRevision(deps, input.id, input.rev);
  return saveDraft(
    deps,
    {
      id: input.id,
      version: input.version,
      content_type: revision.content_type,
      ...(revision.blocks
        ? { blocks: revision.blocks }
        : { content: revision.content, media_paths: revision.media_paths }),
    },
    'restore',
  );
}
