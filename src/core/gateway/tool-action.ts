// A tool mutation as the gateway runs it: its policy category, its parameters, the post the safety rules
// look at, how it is queued for approval, and the one function that acts. The same action runs when a
// routed item is approved later, so everything it needs is in its parameters.
import type { z } from 'zod';
import type { PostingPayload, PostKind } from '../../contracts/posting.js';
import type { PolicyCategory } from '../../contracts/tools/tool-binding.js';
import type { GuardSubject } from '../domain/posting-guards.js';
import type { RunControl } from '../ports/run-control.js';
import type { SocialRead, SocialWrite } from '../ports/social.js';
import type { EndpointRequest, SocialEndpoints } from '../ports/social-endpoints.js';

/** Content the posting queue publishes (exactly once, through the outbox). */
export interface PostingIntent {
  kind: PostKind;
  payload: PostingPayload;
  scheduled_for?: string | null;
}

/** The outcome of publishing a post now. */
export type PublishResult =
  | { status: 'posted'; tweet_ids: string[]; job_id: number }
  /** Not live yet: the posting queue retries it (rate limit, unanswered write) or resumes a thread. */
  | { status: 'pending'; job_id: number; tweet_ids: string[]; reason: string };

/** `signal` and `progress` come from the caller (a tool call); long actions honour them. */
export interface ActionEnv extends RunControl {
  read: SocialRead;
  write: SocialWrite;
  endpoints?: SocialEndpoints;
  /** Publishes through the posting queue's exactly-once path and waits for the outcome. */
  publish(intent: PostingIntent): Promise<PublishResult>;
  /**
   * A media file's real type and size (from its bytes), without uploading it; an image cut short or with
   * bytes after its end is refused (unsupported_media_type).
   */
  inspectMedia(path: string): Promise<{ mimeType: string; sizeBytes: number }>;
  /**
   * The real path of a regular file an agent may upload: inside the media folder (absolute, or a bare file
   * name there) or a folder of `[mcp_policy] upload_allowed_dirs`, symlinks resolved. Anything else, and a
   * missing file, is one and the same file_read_error that names no path.
   */
  mediaFile(path: string): Promise<string>;
}

/** How to undo a mutation, as another tool call (shown to the caller, never run automatically). */
export interface Rollback {
  tool: string;
  params: Record<string, unknown>;
  note?: string;
}

export interface ToolAction<P extends Record<string, unknown> = Record<string, unknown>> {
  tool: string;
  category: PolicyCategory;
  params: z.ZodType<P>;
  /** Acts on the platform (platform client needed: blocked under a read-only backend). */
  platform: boolean | ((params: P) => boolean);
  /**
   * Outside the policy engine (blocked_tools still applies): preparation such as a media upload is not an
   * action anyone sees, and routing it to approval would strand its result. Still audited and idempotent.
   */
  ungated?: boolean;
  /**
   * A visible engagement (like, repost, follow): an autonomous one takes its turn in the account's pacing
   * and is refused with the time it may go when early. Posts are paced by the publisher instead.
   */
  paced?: boolean;
  /** Calls declared platform endpoints (refused at once on a backend without raw endpoint access). */
  needsEndpoints?: boolean;
  /** Checks beyond the schema (weighted length, media rules); throws a typed AppError. */
  validate?(params: P): void;
  /** The post the hard safety rules look at. `read` lets it look up a reply's author. */
  subject?(params: P, read: SocialRead): Promise<GuardSubject | undefined>;
  /** Content actions are queued for approval as posts; other actions as tool calls. */
  posting?(params: P): PostingIntent;
  execute(env: ActionEnv, params: P): Promise<unknown>;
  /** What execute answers, when its shape is known: the tool declares it as its output. */
  result?: z.ZodType;
  rollback?(params: P, result: unknown): Rollback | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds actions of every parameter type.
export type AnyToolAction = ToolAction<any>;

export function defineAction<P extends Record<string, unknown>>(action: ToolAction<P>): ToolAction<P> {
  return action;
}

/** An endpoint-table mutation: the request is built from the parameters alone. */
export function endpointAction<P extends Record<string, unknown>>(spec: {
  tool: string;
  category: PolicyCategory;
  params: z.ZodType<P>;
  request(params: P): EndpointRequest;
}): ToolAction<P> {
  return {
    tool: spec.tool,
    category: spec.category,
    params: spec.params,
    platform: true,
    needsEndpoints: true,
    async execute(env, params) {
      if (!env.endpoints) throw new Error('endpoint access is not available for this backend');
      const response = await env.endpoints.call(spec.request(params));
      return response.json;
    },
  };
}
