// Loads a draft or fails with not_found: the one lookup every draft operation starts with.
import type { Draft } from '../../../contracts/drafts.js';
import { AppError } from '../../errors.js';
import type { ContentDeps } from '../content-deps.js';

export async function findDraft(deps: Pick<ContentDeps, 'drafts'>, id: number): Promise<Draft> {
  const draft = await deps.drafts.get(id);
  if (!draft) throw new AppError('not_found', `draft ${id} not found`);
  return draft;
}
