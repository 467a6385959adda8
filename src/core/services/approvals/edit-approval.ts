// Editing a pending item before approval: the new content passes the same rules, every change is kept.
import type { ApprovalEdit, ApprovalItem } from '../../../contracts/approvals.js';
import type { ThreadBlock } from '../../../contracts/content.js';
import { type PostingPayload, PostingPayloadSchema } from '../../../contracts/posting.js';
import { parseThreadInput } from '../../domain/parse-thread-input.js';
import { AppError, conflictError } from '../../errors.js';
import type { ContentDeps } from '../content-deps.js';
import { payloadOf } from '../publishing/prepare-payload.js';

export interface ApprovalEditInput {
  id: number;
  content?: string;
  blocks?: unknown;
  media_paths?: string[];
  /** Who edits (recorded in the history): the caller's actor. */
  editor: string;
}

export async function editApproval(deps: ContentDeps, input: ApprovalEditInput): Promise<ApprovalItem> {
  const item = await deps.approvals.get(input.id);
  if (!item) throw new AppError('not_found', `approval item ${input.id} not found`);
  if (item.status !== 'pending')
    throw conflictError(`approval item ${item.id} is ${item.status}; only pending items can be edited`, item);
  const current = PostingPayloadSchema.safeParse(await deps.approvals.payload(item.id));
  if (!current.success)
    throw new AppError('validation_error', `approval item ${item.id} has no editable content`);

  const { cards: _cards, ...targets } = current.data;
  let next: PostingPayload;
  if (item.action_type === 'thread') {
    const blocks: ThreadBlock[] = item.blocks ?? [];
    const parsed =
      input.blocks !== undefined || input.content !== undefined
        ? parseThreadInput({ blocks: input.blocks, content: input.content }, deps.newId)
        : { ok: true as const, blocks };
    if (!parsed.ok)
      throw new AppError('validation_error', parsed.problems.map((p) => p.message).join('; '), {
        details: parsed.problems,
      });
    next = (
      await payloadOf(
        deps,
        { content_type: 'thread', content: '', blocks: parsed.blocks, media_paths: [] },
        targets,
      )
    ).payload;
  } else {
    const text = input.content ?? item.content;
    const media = input.media_paths ?? item.media_paths;
    next = (
      await payloadOf(
        deps,
        { content_type: 'tweet', content: text, blocks: null, media_paths: media },
        targets,
      )
    ).payload;
  }

  const changes: Array<{ field: string; old_value: string; new_value: string }> = [];
  const text = (p: PostingPayload) => p.cards.map((c) => c.text).join('\n\n');
  const media = (p: PostingPayload) => JSON.stringify(p.cards.map((c) => c.media_paths));
  if (text(next) !== text(current.data))
    changes.push({ field: 'content', old_value: text(current.data), new_value: text(next) });
  if (media(next) !== media(current.data))
    changes.push({ field: 'media_paths', old_value: media(current.data), new_value: media(next) });
  if (changes.length === 0) return item;
  const edited = await deps.approvals.edit(item.id, next, changes, input.editor, deps.clock.now());
  if (edited === 'wrong_state' || !edited) {
    throw conflictError(`approval item ${item.id} was reviewed meanwhile`, await deps.approvals.get(item.id));
  }
  return edited;
}

export async function approvalHistory(deps: ContentDeps, id: number): Promise<{ items: ApprovalEdit[] }> {
  if (!(await deps.approvals.get(id))) throw new AppError('not_found', `approval item ${id} not found`);
  return { items: await deps.approvals.history(id) };
}
