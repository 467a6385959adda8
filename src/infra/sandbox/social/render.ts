// Turns records into platform JSON: the default post/user objects, the extra fields a request asked for,
// and the `includes` block filled from expansions.
import type { FieldSelection } from './fields.js';
import type { ListRecord, MediaRecord, SpaceRecord, TweetRecord, UserRecord } from './model.js';
import type { FakeState } from './state.js';

type Json = Record<string, unknown>;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function referencedTweets(tweet: TweetRecord): Array<{ type: string; id: string }> {
  const refs: Array<{ type: string; id: string }> = [];
  if (tweet.retweetedTweetId) refs.push({ type: 'retweeted', id: tweet.retweetedTweetId });
  if (tweet.quotedTweetId) refs.push({ type: 'quoted', id: tweet.quotedTweetId });
  if (tweet.inReplyToTweetId) refs.push({ type: 'replied_to', id: tweet.inReplyToTweetId });
  return refs;
}

export function renderTweet(state: FakeState, tweet: TweetRecord, sel: FieldSelection): Json {
  const out: Json = { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] };
  const fields = sel.tweet;
  if (fields.has('author_id')) out.author_id = tweet.authorId;
  if (fields.has('created_at')) out.created_at = iso(tweet.createdAt);
  if (fields.has('conversation_id')) out.conversation_id = tweet.conversationId;
  if (fields.has('in_reply_to_user_id') && tweet.inReplyToUserId)
    out.in_reply_to_user_id = tweet.inReplyToUserId;
  const refs = referencedTweets(tweet);
  if (fields.has('referenced_tweets') && refs.length > 0) out.referenced_tweets = refs;
  if (fields.has('public_metrics')) out.public_metrics = state.tweetMetrics(tweet);
  if (fields.has('attachments') && tweet.mediaKeys.length > 0)
    out.attachments = { media_keys: tweet.mediaKeys };
  if (fields.has('lang')) out.lang = tweet.lang;
  if (fields.has('possibly_sensitive')) out.possibly_sensitive = false;
  if (fields.has('reply_settings')) out.reply_settings = 'everyone';
  if (fields.has('source')) out.source = 'Fake Social';
  if (fields.has('entities')) {
    const entities = tweetEntities(state, tweet.text);
    if (entities) out.entities = entities;
  }
  if (fields.has('edit_controls')) {
    out.edit_controls = {
      edits_remaining: 5,
      is_edit_eligible: true,
      editable_until: iso(tweet.createdAt + 3_600_000),
    };
  }
  return out;
}

/** Mentions, hashtags and URLs with their code-point offsets, as the platform annotates them. */
function tweetEntities(state: FakeState, text: string): Json | undefined {
  const entities: Record<string, Json[]> = {};
  const push = (kind: string, entry: Json) => {
    entities[kind] ??= [];
    entities[kind].push(entry);
  };
  const offsets = (index: number, length: number) => {
    const start = Array.from(text.slice(0, index)).length;
    return { start, end: start + Array.from(text.slice(index, index + length)).length };
  };
  for (const match of text.matchAll(/@([A-Za-z0-9_]{1,15})/g)) {
    const user = state.userByUsername(match[1] ?? '');
    push('mentions', {
      ...offsets(match.index, match[0].length),
      username: match[1],
      ...(user ? { id: user.id } : {}),
    });
  }
  for (const match of text.matchAll(/#(\w+)/g))
    push('hashtags', { ...offsets(match.index, match[0].length), tag: match[1] });
  for (const match of text.matchAll(/https?:\/\/[^\s]+/g)) {
    push('urls', {
      ...offsets(match.index, match[0].length),
      url: match[0],
      expanded_url: match[0],
      display_url: match[0].replace(/^https?:\/\//, ''),
    });
  }
  return Object.keys(entities).length > 0 ? entities : undefined;
}

export function renderUser(state: FakeState, user: UserRecord, sel: FieldSelection): Json {
  const out: Json = { id: user.id, name: user.name, username: user.username };
  const fields = sel.user;
  if (fields.has('created_at')) out.created_at = iso(user.createdAt);
  if (fields.has('description')) out.description = user.description;
  if (fields.has('location') && user.location) out.location = user.location;
  if (fields.has('url')) out.url = user.url ?? '';
  if (fields.has('profile_image_url'))
    out.profile_image_url = user.profileImageUrl ?? `${state.origin}${user.profileImagePath}`;
  if (fields.has('protected')) out.protected = user.protected;
  if (fields.has('verified')) out.verified = user.verified;
  if (fields.has('verified_type')) out.verified_type = user.verified ? 'blue' : 'none';
  if (fields.has('public_metrics')) out.public_metrics = state.userMetrics(user);
  if (fields.has('pinned_tweet_id') && user.pinnedTweetId && state.tweets.has(user.pinnedTweetId)) {
    out.pinned_tweet_id = user.pinnedTweetId;
  }
  if (fields.has('most_recent_tweet_id')) {
    const latest = state.tweetsNewestFirst().find((tweet) => tweet.authorId === user.id);
    if (latest) out.most_recent_tweet_id = latest.id;
  }
  return out;
}

export function renderMedia(media: MediaRecord, sel: FieldSelection): Json {
  const type = media.kind === 'gif' ? 'animated_gif' : media.kind === 'video' ? 'video' : 'photo';
  const out: Json = { media_key: media.mediaKey, type };
  if (sel.media.has('width')) out.width = media.width;
  if (sel.media.has('height')) out.height = media.height;
  if (sel.media.has('url') && media.kind === 'image') out.url = `https://pbs.twimg.com/media/${media.id}.jpg`;
  if (sel.media.has('preview_image_url') && media.kind !== 'image') {
    out.preview_image_url = `https://pbs.twimg.com/ext_tw_video_thumb/${media.id}/pu/img/preview.jpg`;
  }
  return out;
}

export function renderList(list: ListRecord, sel: FieldSelection): Json {
  const out: Json = { id: list.id, name: list.name };
  if (sel.list.has('created_at')) out.created_at = iso(list.createdAt);
  if (sel.list.has('description')) out.description = list.description;
  if (sel.list.has('follower_count')) out.follower_count = list.followers.size;
  if (sel.list.has('member_count')) out.member_count = list.members.size;
  if (sel.list.has('owner_id')) out.owner_id = list.ownerId;
  if (sel.list.has('private')) out.private = list.private;
  return out;
}

export function renderSpace(space: SpaceRecord, sel: FieldSelection): Json {
  const out: Json = { id: space.id, state: space.state };
  const f = sel.space;
  if (f.has('title')) out.title = space.title;
  if (f.has('creator_id')) out.creator_id = space.creatorId;
  if (f.has('host_ids')) out.host_ids = space.hostIds;
  if (f.has('speaker_ids')) out.speaker_ids = space.speakerIds;
  if (f.has('created_at')) out.created_at = iso(space.createdAt);
  if (f.has('started_at') && space.startedAt) out.started_at = iso(space.startedAt);
  if (f.has('ended_at') && space.endedAt) out.ended_at = iso(space.endedAt);
  if (f.has('scheduled_start') && space.scheduledStart) out.scheduled_start = iso(space.scheduledStart);
  if (f.has('participant_count')) out.participant_count = space.participantCount;
  if (f.has('is_ticketed')) out.is_ticketed = space.isTicketed;
  if (f.has('lang')) out.lang = space.lang;
  if (f.has('updated_at')) out.updated_at = iso(space.startedAt ?? space.createdAt);
  return out;
}

/** Builds `includes` for the posts of a response (and users of a user response) per the expansions. */
export function tweetIncludes(
  state: FakeState,
  tweets: TweetRecord[],
  sel: FieldSelection,
): Json | undefined {
  const exp = sel.expansions;
  const userIds = new Set<string>();
  const included = new Map<string, TweetRecord>();
  const mediaKeys = new Set<string>();
  for (const tweet of tweets) {
    if (exp.has('author_id')) userIds.add(tweet.authorId);
    if (exp.has('in_reply_to_user_id') && tweet.inReplyToUserId) userIds.add(tweet.inReplyToUserId);
    if (exp.has('entities.mentions.username')) {
      for (const match of tweet.text.matchAll(/@([A-Za-z0-9_]{1,15})/g)) {
        const user = state.userByUsername(match[1] ?? '');
        if (user) userIds.add(user.id);
      }
    }
    if (exp.has('attachments.media_keys')) for (const key of tweet.mediaKeys) mediaKeys.add(key);
    if (exp.has('referenced_tweets.id') || exp.has('referenced_tweets.id.author_id')) {
      for (const ref of referencedTweets(tweet)) {
        const target = state.tweets.get(ref.id);
        if (!target) continue;
        if (exp.has('referenced_tweets.id')) included.set(target.id, target);
        if (exp.has('referenced_tweets.id.author_id')) userIds.add(target.authorId);
      }
    }
  }
  return assembleIncludes(state, userIds, [...included.values()], mediaKeys, sel);
}

export function userIncludes(state: FakeState, users: UserRecord[], sel: FieldSelection): Json | undefined {
  const pinned: TweetRecord[] = [];
  if (sel.expansions.has('pinned_tweet_id')) {
    for (const user of users) {
      const tweet = user.pinnedTweetId ? state.tweets.get(user.pinnedTweetId) : undefined;
      if (tweet) pinned.push(tweet);
    }
  }
  return assembleIncludes(state, new Set(), pinned, new Set(), sel);
}

export function assembleIncludes(
  state: FakeState,
  userIds: Set<string>,
  tweets: TweetRecord[],
  mediaKeys: Set<string>,
  sel: FieldSelection,
): Json | undefined {
  const includes: Json = {};
  const users = [...userIds].flatMap((id) => {
    const user = state.users.get(id);
    return user ? [renderUser(state, user, sel)] : [];
  });
  if (users.length > 0) includes.users = users;
  if (tweets.length > 0) includes.tweets = tweets.map((tweet) => renderTweet(state, tweet, sel));
  const media = [...state.media.values()].filter((item) => mediaKeys.has(item.mediaKey));
  if (media.length > 0) includes.media = media.map((item) => renderMedia(item, sel));
  return Object.keys(includes).length > 0 ? includes : undefined;
}
