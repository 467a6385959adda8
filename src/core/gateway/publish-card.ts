// Posts one card exactly once: the outbox row is committed before the platform write and closed after it.
// A row left open (a crash, a lost answer) is reconciled against the account's own recent posts before
// anything is sent again: never a blind retry.
import type { OutboxRow, PostingJob } from '../../contracts/posting.js';
import type { Tweet } from '../../contracts/social.js';
import { AppError } from '../errors.js';
import type { PublisherDeps } from './publisher-deps.js';

export type CardOutcome =
  | { kind: 'posted'; id: string }
  | { kind: 'wait'; until: Date; error: AppError }
  | { kind: 'in_doubt'; error: AppError }
  | { kind: 'failed'; error: AppError };

/** Text as the platform shows it back: links shortened, entities escaped, spacing normalised. */
function comparable(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How long before the outbox row a matching post may be dated (clock differences). */
const SKEW_MS = 2 * 60_000;

function matches(post: Tweet, row: OutboxRow): boolean {
  if (comparable(post.text) !== comparable(row.request.text)) return false;
  const replyTo = post.referenced_tweets?.find((r) => r.type === 'replied_to')?.id;
  if ((row.request.in_reply_to_tweet_id ?? undefined) !== replyTo) return false;
  if (!post.created_at) return true;
  return Date.parse(post.created_at) >= Date.parse(row.created_at) - SKEW_MS;
}

/** Did the write behind an open row reach the platform? The post's id, or undefined when it did not. */
export async function reconcile(deps: PublisherDeps, row: OutboxRow): Promise<string | undefined> {
  const me = await deps.meId();
  const recent = await deps.social.read.getUserTweets(me, { maxResults: 100 });
  return recent.data.find((post) => matches(post, row))?.id;
}

function isAmbiguous(error: AppError): boolean {
  // The request may have been processed: a lost connection, a timeout, a server error.
  return error.code === 'social_network_error' || (error.code === 'social_api_error' && error.retryable);
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('social_api_error', (error as Error)?.message ?? String(error), { cause: error });
}

export async function publishCard(
  deps: PublisherDeps,
  job: PostingJob,
  index: number,
  posted: readonly string[],
  /** The card's outbox row when the caller has just read it. */
  known?: { row: OutboxRow | undefined },
): Promise<CardOutcome> {
  const card = job.payload.cards[index];
  if (!card) throw new Error(`job ${job.id} has no card ${index}`);
  const existing = known ? known.row : await deps.posting.outboxRow(job.id, index);
  if (existing?.status === 'confirmed' && existing.platform_id)
    return { kind: 'posted', id: existing.platform_id };
  if (existing && existing.status !== 'failed') {
    let found: string | undefined;
    try {
      found = await reconcile(deps, existing);
    } catch (error) {
      return { kind: 'in_doubt', error: toAppError(error) };
    }
    if (found) {
      await deps.posting.closeOutboxRow(existing.id, 'confirmed', { platform_id: found }, deps.clock.now());
      deps.logger.info({ job: job.id, card: index, tweet: found }, 'reconciled: the post was already live');
      return { kind: 'posted', id: found };
    }
  }

  const request: OutboxRow['request'] = {
    text: card.text,
    media_paths: card.media_paths,
    ...(index === 0
      ? {
          ...(job.payload.in_reply_to_tweet_id
            ? { in_reply_to_tweet_id: job.payload.in_reply_to_tweet_id }
            : {}),
          ...(job.payload.quote_tweet_id ? { quote_tweet_id: job.payload.quote_tweet_id } : {}),
        }
      : { in_reply_to_tweet_id: posted[index - 1] }),
  };

  // Media first: an upload is not a post, so redoing it after a crash cannot double anything.
  const mediaIds: string[] = [...(card.media_ids ?? [])];
  try {
    for (const path of card.media_paths)
      mediaIds.push((await deps.social.write.uploadMedia(await deps.mediaFile(path))).mediaId);
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === 'social_rate_limited' && appError.resetAt)
      return { kind: 'wait', until: appError.resetAt, error: appError };
    return isAmbiguous(appError)
      ? { kind: 'in_doubt', error: appError }
      : { kind: 'failed', error: appError };
  }

  deps.crashPoint?.('publish.before_outbox', index);
  const row = await deps.posting.openOutboxRow(job.id, index, request, deps.clock.now());
  deps.crashPoint?.('publish.after_outbox', index);
  let created: { id: string };
  try {
    created = await deps.social.write.postTweet({
      text: card.text,
      inReplyToId: request.in_reply_to_tweet_id,
      quoteTweetId: request.quote_tweet_id,
      mediaIds,
    });
  } catch (error) {
    const appError = toAppError(error);
    const fields = { error_code: appError.code, error_message: appError.message };
    if (appError.code === 'social_rate_limited') {
      await deps.posting.closeOutboxRow(row.id, 'failed', fields, deps.clock.now());
      return {
        kind: 'wait',
        until: appError.resetAt ?? new Date(deps.clock.now().getTime() + 15 * 60_000),
        error: appError,
      };
    }
    if (isAmbiguous(appError)) {
      await deps.posting.closeOutboxRow(row.id, 'in_doubt', fields, deps.clock.now());
      return { kind: 'in_doubt', error: appError };
    }
    await deps.posting.closeOutboxRow(row.id, 'failed', fields, deps.clock.now());
    return { kind: 'failed', error: appError };
  }
  deps.crashPoint?.('publish.after_platform', index);
  // Outside the try: a storage failure here is no answer from the platform. It propagates, the row stays
  // open, and the next run reconciles it (closing it as failed would have the card sent again).
  await deps.posting.closeOutboxRow(row.id, 'confirmed', { platform_id: created.id }, deps.clock.now());
  deps.crashPoint?.('publish.after_close', index);
  return { kind: 'posted', id: created.id };
}
