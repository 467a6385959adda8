// Compose: the one-step path from text to the platform. The content becomes a draft record (so it shows
// in the calendar and history) and is submitted at once: to approval, a schedule, or the posting queue.
import type { Actor } from '../../../contracts/actor.js';
import type { ComposeInput, ComposeResult } from '../../../contracts/compose.js';
import { AppError } from '../../errors.js';
import type { ContentDeps } from '../content-deps.js';
import { nextStoredContent, storedBlocksOf } from '../drafts/draft-content.js';
import { scheduledTime } from '../drafts/publish-draft.js';
import { payloadOf } from '../publishing/prepare-payload.js';
import { repeatedJob, type SubmitOptions, submitDraft } from '../publishing/submit-draft.js';

export async function composeContent(
  deps: ContentDeps,
  input: ComposeInput,
  actor: Actor,
  options: Pick<SubmitOptions, 'forceApproval' | 'attribution'> = {},
): Promise<ComposeResult> {
  if (input.content === undefined && input.blocks === undefined) {
    throw new AppError('validation_error', 'content is required (or blocks, for a thread)');
  }
  if (input.content_type === 'thread' && input.media_paths?.length) {
    throw new AppError('validation_error', 'a thread carries media per card: use blocks[].media_paths');
  }
  // Parse the time and check the content before anything is stored: invalid input leaves no trace.
  const scheduledFor = input.scheduled_for ? scheduledTime(deps, input.scheduled_for) : undefined;
  const stored = nextStoredContent(input, undefined, deps.newId);
  const blocks = stored.content_type === 'thread' ? storedBlocksOf(stored.content) : null;
  await payloadOf(deps, { ...stored, blocks });
  const draft = await deps.drafts.create(
    {
      ...stored,
      title: input.title ?? null,
      notes: null,
      tags: [],
      source: actor === 'agent' ? 'mcp' : 'manual',
    },
    deps.clock.now(),
  );
  if (input.provenance?.length)
    await deps.provenance?.linkDraft(draft.id, input.provenance, deps.clock.now());
  try {
    const result = await submitDraft(deps, draft, { actor, scheduledFor, ...options });
    return {
      status: result.status,
      draft_id: draft.id,
      ...(result.approval_id === undefined ? {} : { approval_id: result.approval_id }),
      ...(result.job_id === undefined ? {} : { job_id: result.job_id }),
      scheduled_for: result.scheduled_for,
      ...(draft.blocks ? { block_ids: draft.blocks.map((b) => b.id) } : {}),
      ...(result.warnings ? { warnings: result.warnings } : {}),
    };
  } catch (error) {
    // Refused by a guard, for want of a login, or a repeat: no stray draft (or its provenance) is left behind.
    if (input.provenance?.length) await deps.provenance?.linkDraft(draft.id, [], deps.clock.now());
    await deps.drafts.remove(draft.id);
    const first = repeatedJob(error);
    // A double submit answers the first compose: the post goes out once.
    if (first?.draft_id)
      return {
        status: 'duplicate',
        draft_id: first.draft_id,
        job_id: first.job_id,
        scheduled_for: scheduledFor?.toISOString() ?? null,
        message: (error as Error).message,
      };
    throw error;
  }
}
