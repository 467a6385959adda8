// Autosave: applies an edit made on `version`; a changed content writes a revision, an identical one
// does not; a stale version changes nothing and returns the server's draft as a conflict.
import type { Draft, UpdateDraftInput } from '../../../contracts/drafts.js';
import { AppError, conflictError } from '../../errors.js';
import type { DraftChanges, RevisionTrigger } from '../../ports/draft-store.js';
import type { ContentDeps } from '../content-deps.js';
import { payloadOf } from '../publishing/prepare-payload.js';
import { nextStoredContent, sameContent, storedOf } from './draft-content.js';
import { findDraft } from './find-draft.js';

const EDITABLE = new Set<Draft['status']>(['draft', 'failed', 'scheduled']);

export async function saveDraft(
  deps: ContentDeps,
  input: UpdateDraftInput,
  trigger: RevisionTrigger = 'autosave',
): Promise<Draft> {
  const current = await findDraft(deps, input.id);
  if (current.version !== input.version) {
    throw conflictError(
      `draft ${current.id} was changed elsewhere (now version ${current.version})`,
      current,
    );
  }
  const touchesContent =
    input.content !== undefined ||
    input.blocks !== undefined ||
    input.media_paths !== undefined ||
    input.content_type !== undefined;
  if (touchesContent && !EDITABLE.has(current.status)) {
    const why =
      current.status === 'queued' && current.approval_id
        ? 'it is waiting for approval (edit it in the approval queue)'
        : `it is ${current.status}`;
    throw new AppError('validation_error', `draft ${current.id} cannot be edited: ${why}`);
  }

  const changes: DraftChanges = {};
  let revision: RevisionTrigger | undefined;
  if (touchesContent) {
    const next = nextStoredContent(input, current, deps.newId);
    if (!sameContent(next, storedOf(current))) {
      Object.assign(changes, next);
      revision = trigger;
    }
  }
  if (input.title !== undefined && input.title !== current.title) changes.title = input.title;
  if (input.notes !== undefined && input.notes !== current.notes) changes.notes = input.notes;
  if (input.tags !== undefined) {
    const next = [...new Set(input.tags.map((t) => t.trim()))].sort();
    if (next.join('\n').toLowerCase() !== [...current.tags].sort().join('\n').toLowerCase())
      changes.tags = next;
  }
  if (input.provenance !== undefined)
    await deps.provenance?.linkDraft(current.id, input.provenance, deps.clock.now());
  if (Object.keys(changes).length === 0) return current;

  const saved = await deps.drafts.save(current.id, input.version, changes, revision, deps.clock.now());
  if (saved === 'conflict') {
    const latest = await findDraft(deps, current.id);
    throw conflictError(`draft ${current.id} was changed elsewhere (now version ${latest.version})`, latest);
  }
  if (!saved) throw new AppError('not_found', `draft ${input.id} not found`);
  // A scheduled draft's edit must reach the job that will post it.
  if (revision && saved.status === 'scheduled' && saved.job_id) {
    const { payload } = await payloadOf(deps, saved);
    await deps.posting.updateJob(saved.job_id, { payload }, deps.clock.now());
  }
  return saved;
}
