// Reviewing the approval queue: approve (guards first, then a posting job), reject, approve-all.
import type { Actor } from '../../../contracts/actor.js';
import type { ApprovalItem } from '../../../contracts/approvals.js';
import type { PostWarning } from '../../../contracts/post-warnings.js';
import {
  POST_KINDS,
  type PostingPayload,
  PostingPayloadSchema,
  type PostKind,
} from '../../../contracts/posting.js';
import { AppError, conflictError } from '../../errors.js';
import { enforceGuards, subjectOf } from '../../gateway/guards.js';
import type { ContentDeps } from '../content-deps.js';

export interface Review {
  id: number;
  /** Who reviews it (recorded as reviewed_by); the item keeps the actor that queued it. */
  actor: Actor;
  notes?: string;
}

async function findItem(deps: ContentDeps, id: number): Promise<ApprovalItem> {
  const item = await deps.approvals.get(id);
  if (!item) throw new AppError('not_found', `approval item ${id} not found`);
  return item;
}

function alreadyReviewed(item: ApprovalItem): AppError {
  return conflictError(`approval item ${item.id} has already been reviewed (status ${item.status})`, item);
}

async function postingPayload(
  deps: ContentDeps,
  item: ApprovalItem,
): Promise<{ kind: PostKind; payload: PostingPayload }> {
  const kind = POST_KINDS.find((k) => k === item.action_type);
  const parsed = PostingPayloadSchema.safeParse(await deps.approvals.payload(item.id));
  if (!kind || !parsed.success) {
    throw new AppError(
      'validation_error',
      `approval item ${item.id} (${item.action_type}) is not content this server can post`,
    );
  }
  return { kind, payload: parsed.data };
}

/** A routed tool call (a like, a follow, a DM…): approval runs it now through the mutation gateway. */
async function runRoutedTool(
  deps: ContentDeps,
  item: ApprovalItem,
  review: Review,
): Promise<{ item: ApprovalItem; job_id: null; result: unknown }> {
  if (!deps.runApprovedTool) {
    throw new AppError('validation_error', `approval item ${item.id} (${item.action_type}) cannot run here`);
  }
  const at = deps.clock.now();
  const moved = await deps.approvals.transition(
    item.id,
    ['pending'],
    {
      status: 'posting',
      reviewed_by: review.actor,
      review_notes: review.notes ?? null,
      reviewed_at: at.toISOString(),
    },
    at,
  );
  if (moved === 'wrong_state' || !moved) throw alreadyReviewed((await deps.approvals.get(item.id)) ?? item);
  try {
    const result = await deps.runApprovedTool(item, await deps.approvals.payload(item.id));
    const done = await deps.approvals.transition(
      item.id,
      ['posting'],
      { status: 'posted' },
      deps.clock.now(),
    );
    return { item: done && done !== 'wrong_state' ? done : moved, job_id: null, result };
  } catch (error) {
    const appError = error instanceof AppError ? error : undefined;
    await deps.approvals.transition(
      item.id,
      ['posting'],
      {
        status: 'failed',
        error_code: appError?.code ?? 'social_api_error',
        error_message: (error as Error).message,
      },
      deps.clock.now(),
    );
    throw error;
  }
}

/**
 * What must hold before an item is approved: posting possible, content this server can post, the guards
 * passed. A routed tool call is checked by the gateway when it runs.
 */
async function approvalChecks(
  deps: ContentDeps,
  item: ApprovalItem,
): Promise<{ kind: PostKind; payload: PostingPayload; warnings: PostWarning[] } | 'routed'> {
  const blocker = deps.postingBlocker();
  if (blocker) throw blocker;
  if (item.tool_name && !POST_KINDS.some((k) => k === item.action_type)) return 'routed';
  const content = await postingPayload(deps, item);
  const warnings = await enforceGuards(deps, subjectOf(content.kind, content.payload, item.actor), {
    capsApply: !item.scheduled_for,
    stage: 'approve',
    except: { approvalId: item.id },
  });
  return { ...content, warnings };
}

/**
 * A refusal met while checking an item read as pending may be stale: when a concurrent review (another
 * face, another tab) won meanwhile, its job or post is what tripped the guard. The answer is then the
 * conflict the loser of that race gets everywhere, not the guard's refusal.
 */
async function refusedOrConflict(deps: ContentDeps, id: number, error: unknown): Promise<never> {
  const current = await deps.approvals.get(id);
  if (current && current.status !== 'pending') throw alreadyReviewed(current);
  throw error;
}

/**
 * Approves a pending item: content is queued for posting (guards that would stop it at posting time stop
 * it now); a routed tool call runs at once. The loser of a concurrent review always gets the conflict.
 */
export async function approveItem(
  deps: ContentDeps,
  review: Review,
): Promise<{ item: ApprovalItem; job_id: number | null; result?: unknown; warnings?: PostWarning[] }> {
  const item = await findItem(deps, review.id);
  if (item.status !== 'pending') throw alreadyReviewed(item);
  const checked = await approvalChecks(deps, item).catch((error: unknown) =>
    refusedOrConflict(deps, item.id, error),
  );
  if (checked === 'routed') return runRoutedTool(deps, item, review);
  const { kind, payload, warnings } = checked;

  const at = deps.clock.now();
  const moved = await deps.approvals.transition(
    item.id,
    ['pending'],
    {
      status: 'approved',
      reviewed_by: review.actor,
      review_notes: review.notes ?? null,
      reviewed_at: at.toISOString(),
    },
    at,
  );
  if (moved === 'wrong_state') throw alreadyReviewed((await deps.approvals.get(item.id)) ?? item);
  if (!moved) throw new AppError('not_found', `approval item ${item.id} not found`);
  const job = await deps.posting.createJob(
    {
      kind,
      payload,
      scheduled_for: item.scheduled_for,
      origin_type: 'approval',
      // The post stays the proposer's: an agent's or a loop's item counts against the automation caps.
      actor: item.actor,
      approval_id: item.id,
      ...(item.draft_id === null ? {} : { draft_id: item.draft_id }),
    },
    at,
  );
  if (!item.scheduled_for) deps.wakePosting?.();
  return { item: moved, job_id: job.id, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** Rejects a pending item; its draft, if any, goes back to Active with the reviewer's note. */
export async function rejectItem(deps: ContentDeps, review: Review): Promise<ApprovalItem> {
  const item = await findItem(deps, review.id);
  const at = deps.clock.now();
  const moved = await deps.approvals.transition(
    item.id,
    ['pending'],
    {
      status: 'rejected',
      reviewed_by: review.actor,
      review_notes: review.notes ?? null,
      reviewed_at: at.toISOString(),
    },
    at,
  );
  if (moved === 'wrong_state' || !moved) throw alreadyReviewed((await deps.approvals.get(item.id)) ?? item);
  if (item.draft_id !== null) {
    const note = review.notes ? `rejected: ${review.notes}` : 'rejected by the reviewer';
    await deps.drafts.markState(
      item.draft_id,
      { status: 'draft', scheduled_for: null, last_error: note },
      at,
    );
  }
  return moved;
}

export interface ApproveAllResult {
  approved: Array<{ id: number; job_id: number | null }>;
  skipped: Array<{ id: number; code: string; reason: string }>;
  max_batch: number;
}

/** Approves pending items (all, or the given ids) up to the batch cap; each one passes the guards on its own. */
export async function approveAll(
  deps: ContentDeps,
  input: { ids?: number[]; max?: number; actor: Actor },
): Promise<ApproveAllResult> {
  const maxBatch = Math.min(input.max ?? Number.POSITIVE_INFINITY, deps.settings().maxBatchApprove);
  const ids = input.ids ? input.ids.slice(0, maxBatch) : await deps.approvals.pendingIds(maxBatch);
  const result: ApproveAllResult = { approved: [], skipped: [], max_batch: maxBatch };
  for (const id of ids) {
    try {
      const { job_id } = await approveItem(deps, { id, actor: input.actor });
      result.approved.push({ id, job_id });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.skipped.push({
        id,
        code: error.code,
        reason: error.message,
      });
    }
  }
  return result;
}
