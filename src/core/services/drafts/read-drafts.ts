// Reading drafts: one draft, the grouped/searchable list, revisions and tags.
import type { Draft, DraftListItem, ListDraftsInput, Revision } from '../../../contracts/drafts.js';
import { AppError } from '../../errors.js';
import type { ContentDeps } from '../content-deps.js';
import { findDraft } from './find-draft.js';

export function getDraft(deps: ContentDeps, id: number): Promise<Draft> {
  return findDraft(deps, id);
}

export async function listDrafts(
  deps: ContentDeps,
  query: ListDraftsInput,
): Promise<{ items: DraftListItem[]; total: number; limit: number; offset: number }> {
  const { items, total } = await deps.drafts.list(query);
  return { items, total, limit: query.limit, offset: query.offset };
}

export async function listRevisions(deps: ContentDeps, id: number): Promise<{ items: Revision[] }> {
  await findDraft(deps, id);
  return { items: await deps.drafts.revisions(id) };
}

export async function getRevision(deps: ContentDeps, id: number, revisionId: number): Promise<Revision> {
  const revision = await deps.drafts.revision(id, revisionId);
  if (!revision) throw new AppError('not_found', `revision ${revisionId} of draft ${id} not found`);
  return revision;
}

export async function listTags(
  deps: ContentDeps,
): Promise<{ items: Array<{ name: string; count: number }> }> {
  return { items: await deps.drafts.tags() };
}
