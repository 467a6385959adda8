// Record types the fake keeps in memory (its own shapes, rendered to platform JSON by render.ts), and the
// ordered many-to-many relation used for follows, likes, bookmarks, mutes and blocks.

export interface UserRecord {
  id: string;
  username: string;
  name: string;
  createdAt: number;
  description: string;
  location?: string;
  url?: string;
  /** Where the fake serves the profile picture on its own origin (`/profile_images/<id>/<name>_normal.png`,
   * the platform's path shape; any size suffix answers the same bytes). */
  profileImagePath: string;
  /** A URL a test put in place of the served one (another host, a metadata address): rendered as given. */
  profileImageUrl?: string;
  /** The picture as a test set it (any bytes, any declared type); absent: a generated PNG. */
  picture?: { bytes: Buffer; contentType: string };
  protected: boolean;
  verified: boolean;
  /** Counts the seed pretends exist beyond the relations stored here (big accounts). */
  extra: { followers: number; following: number; tweets: number; listed: number; likes: number };
  pinnedTweetId?: string;
  /** Suspended by the platform: lookups and timelines answer 200 with a "User has been suspended" error. */
  suspended?: boolean;
}

export interface TweetRecord {
  id: string;
  text: string;
  authorId: string;
  createdAt: number;
  conversationId: string;
  inReplyToTweetId?: string;
  inReplyToUserId?: string;
  quotedTweetId?: string;
  retweetedTweetId?: string;
  mediaKeys: string[];
  hidden: boolean;
  lang: string;
  /** Engagement the seed pretends happened elsewhere; live relations are added on top. */
  extra: {
    retweets: number;
    replies: number;
    likes: number;
    quotes: number;
    impressions: number;
    bookmarks: number;
  };
}

export interface ListRecord {
  id: string;
  name: string;
  description: string;
  private: boolean;
  ownerId: string;
  createdAt: number;
  members: Set<string>;
  followers: Set<string>;
}

export interface SpaceRecord {
  id: string;
  state: 'live' | 'scheduled' | 'ended';
  title: string;
  creatorId: string;
  hostIds: string[];
  speakerIds: string[];
  createdAt: number;
  startedAt?: number;
  scheduledStart?: number;
  endedAt?: number;
  participantCount: number;
  isTicketed: boolean;
  buyerIds: string[];
  tweetIds: string[];
  lang: string;
}

export interface DmConversation {
  id: string;
  type: 'OneToOne' | 'Group';
  participantIds: string[];
  createdAt: number;
}

export interface DmEvent {
  id: string;
  conversationId: string;
  eventType: 'MessageCreate' | 'ParticipantsJoin' | 'ParticipantsLeave';
  text?: string;
  senderId: string;
  createdAt: number;
  attachments?: { media_ids?: string[] };
}

export type MediaKind = 'image' | 'gif' | 'video';
export type MediaState = 'uploading' | 'pending' | 'in_progress' | 'succeeded' | 'failed';

export interface MediaRecord {
  id: string;
  mediaKey: string;
  ownerId: string;
  mediaType: string;
  category: string;
  kind: MediaKind;
  totalBytes: number;
  receivedBytes: number;
  nextSegment: number;
  /** Whole-file digest, known once finalized (only size and hash are kept, never the bytes). */
  sha256?: string;
  state: MediaState;
  polls: number;
  pollsNeeded: number;
  willFail: boolean;
  createdAt: number;
  expiresAt: number;
  width: number;
  height: number;
}

export interface ComplianceJob {
  id: string;
  type: 'tweets' | 'users';
  name?: string;
  resumable: boolean;
  createdAt: number;
}

export interface StreamRule {
  id: string;
  value: string;
  tag?: string;
}

/** A directed relation (user → target) that remembers insertion order, newest last. */
export class Relation {
  private readonly edges = new Map<string, Set<string>>();

  add(from: string, to: string): boolean {
    let set = this.edges.get(from);
    if (!set) {
      set = new Set();
      this.edges.set(from, set);
    }
    if (set.has(to)) return false;
    set.add(to);
    return true;
  }

  remove(from: string, to: string): boolean {
    return this.edges.get(from)?.delete(to) ?? false;
  }

  has(from: string, to: string): boolean {
    return this.edges.get(from)?.has(to) ?? false;
  }

  /** Targets of `from`, newest first. */
  of(from: string): string[] {
    return [...(this.edges.get(from) ?? [])].reverse();
  }

  /** Sources pointing at `to` (no global order; callers sort). */
  to(to: string): string[] {
    const sources: string[] = [];
    for (const [from, set] of this.edges) if (set.has(to)) sources.push(from);
    return sources;
  }

  countOf(from: string): number {
    return this.edges.get(from)?.size ?? 0;
  }

  clear(): void {
    this.edges.clear();
  }
}
