// What publishing needs from storage: posting jobs, the outbox (one row per platform write, written
// before the write) and the record of what the account posted (for caps and reconciliation).
import type { Actor } from '../../contracts/actor.js';
import type {
  JobOrigin,
  OutboxRow,
  OutboxStatus,
  PostingJob,
  PostingPayload,
  PostKind,
} from '../../contracts/posting.js';
import type { PriorPost } from '../domain/posting-guards.js';

export interface NewJob {
  kind: PostKind;
  payload: PostingPayload;
  scheduled_for: string | null;
  origin_type: JobOrigin;
  /** Who the post is for (not who approved it). */
  actor: Actor;
  draft_id?: number;
  approval_id?: number;
}

export interface JobChanges {
  status?: PostingJob['status'];
  attempts?: number;
  next_attempt_at?: string | null;
  started_at?: string | null;
  last_error_code?: string | null;
  last_error?: string | null;
  posted_tweet_ids?: string[];
  completed_at?: string | null;
  scheduled_for?: string | null;
  payload?: PostingPayload;
  claimed_by?: string | null;
}

export interface PostedRecord {
  tweet_id: string;
  kind: 'tweet' | 'reply' | 'quote' | 'thread_card';
  text: string;
  in_reply_to_tweet_id?: string;
  quoted_tweet_id?: string;
  target_author_id?: string;
  target_author_username?: string;
  thread_root_tweet_id?: string;
  thread_position?: number;
  /** Topic and format of an original post or a thread's first card (analytics' content scores). */
  topic?: string;
  format?: string;
  origin: string;
  actor: Actor;
  job_id: number;
  mentions_product: boolean;
  posted_at: Date;
}

/** The job and approval item a guard check is about: they do not count as another reply. */
export interface ReplyExclusion {
  jobId?: number;
  approvalId?: number | null;
}

export interface PostingStore {
  createJob(job: NewJob, at: Date): Promise<PostingJob>;
  /**
   * Creates the job unless one with the same content (kind, cards, reply or quote target) for the same time
   * is waiting, or was posted since `recentSince`: then answers that one as a repeat. Atomic across processes.
   */
  createJobOnce(job: NewJob, at: Date, recentSince: Date): Promise<{ job: PostingJob; repeat: boolean }>;
  getJob(id: number): Promise<PostingJob | undefined>;
  /** Queued jobs that are due, and jobs left in progress by a stopped process, oldest first. */
  dueJobs(now: Date, limit: number): Promise<PostingJob[]>;
  /** When the next waiting job (scheduled, held or retrying) falls due after `now`; undefined: none waits. */
  nextDueAt(now: Date): Promise<Date | undefined>;
  /** How many writes this process made through this store (it changes whenever a job may have changed). */
  writeCount(): number;
  updateJob(id: number, changes: JobChanges, at: Date): Promise<PostingJob>;
  /**
   * Marks the job in progress for `owner` if it is still as `seen` (status, claimant, time): of two processes
   * reaching for the same job, exactly one gets it. Undefined when another got there first.
   */
  claimJob(seen: PostingJob, owner: string, at: Date): Promise<PostingJob | undefined>;
  /**
   * Moves a job that has not started (queued, unclaimed, no card posted or in doubt) to `scheduledFor`, in one
   * conditional write; false when it has started or is done. A claim of the job as it was before fails after it.
   */
  rescheduleJob(id: number, scheduledFor: Date, at: Date): Promise<boolean>;
  /** Cancels a job that has not started; false when it is already being posted or done. */
  cancelJob(id: number, at: Date): Promise<boolean>;
  outboxRow(jobId: number, cardIndex: number): Promise<OutboxRow | undefined>;
  /** Committed before the platform write. */
  openOutboxRow(
    jobId: number,
    cardIndex: number,
    request: OutboxRow['request'],
    at: Date,
  ): Promise<OutboxRow>;
  closeOutboxRow(
    id: number,
    status: OutboxStatus,
    fields: { platform_id?: string; error_code?: string; error_message?: string },
    at: Date,
  ): Promise<void>;
  recordPost(post: PostedRecord): Promise<void>;
  // The four counts below are of autonomous posts (agents and loops) only: they feed the automation caps,
  // which a person's own posts neither meet nor use up.
  /** Autonomous posts of these kinds since `since` (the daily caps). */
  countPosts(kinds: ReadonlyArray<PostedRecord['kind']>, since: Date): Promise<number>;
  /** Autonomous threads (first cards) since `since`. */
  countThreads(since: Date): Promise<number>;
  countRepliesToAuthor(authorId: string, since: Date): Promise<number>;
  /**
   * Autonomous posts of these kinds committed since `since` but not posted yet — posting jobs none of whose
   * cards went out, approved items, and with `pending` items still waiting for review — bar `except`; with
   * `authorId`, replies to that author.
   */
  countQueued(
    kinds: ReadonlyArray<'tweet' | 'reply' | 'thread' | 'quote'>,
    since: Date,
    options?: { except?: ReplyExclusion; authorId?: string; pending?: boolean },
  ): Promise<number>;
  countProductMentionReplies(since: Date): Promise<number>;
  /**
   * A reply to `tweetId` was posted, is queued in a job, or waits in the approval queue (other than the
   * job and the approval item being checked).
   */
  hasReplyTo(tweetId: string, except?: ReplyExclusion): Promise<boolean>;
  /** Texts of the latest replies, newest first. */
  recentReplyTexts(limit: number): Promise<string[]>;
  /**
   * Posts that are not replies (posts, quotes, threads: one entry per job, its cards in order), by anyone,
   * out since `since` and not gone, newest first; with `waiting`, then the posting jobs none of whose cards
   * went out yet (queued or in progress), bar `except.jobId`. What a new post must not repeat.
   */
  earlierPosts(since: Date, options?: { waiting?: boolean; except?: ReplyExclusion }): Promise<PriorPost[]>;
}
