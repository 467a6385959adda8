-- Initial schema: every table the composer needs (drafts, approvals, posting outbox, discovery, sources,
-- telemetry, audit). Tables are STRICT so declared types hold and the generated Kysely types stay honest.
-- Timestamps are ISO-8601 UTC with milliseconds ('2025-01-31T12:00:00.000Z'), the same text Date#toISOString
-- produces, so app-written and default timestamps compare correctly as text.

-- Accounts -------------------------------------------------------------------------------------------------

CREATE TABLE accounts (
  id TEXT NOT NULL PRIMARY KEY,
  label TEXT NOT NULL,
  platform_user_id TEXT,
  username TEXT,
  display_name TEXT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- One platform identity belongs to one account.
CREATE UNIQUE INDEX accounts_platform_user_id ON accounts (platform_user_id)
  WHERE platform_user_id IS NOT NULL;

INSERT INTO accounts (id, label) VALUES ('00000000-0000-0000-0000-000000000000', 'default');

-- Drafts ---------------------------------------------------------------------------------------------------

CREATE TABLE drafts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  content_type TEXT NOT NULL DEFAULT 'tweet' CHECK (content_type IN ('tweet', 'thread')),
  -- Tweet text, or the thread payload JSON {version:1,blocks:[...]}.
  content TEXT NOT NULL DEFAULT '',
  media_paths TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(media_paths) AND json_type(media_paths) = 'array'),
  title TEXT,
  notes TEXT,
  status TEXT NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'scheduled', 'queued', 'posting', 'posted', 'failed')),
  scheduled_for TEXT,
  archived_at TEXT,
  -- Optimistic concurrency: writers update WHERE version = the version they read.
  version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  source TEXT NOT NULL DEFAULT 'manual'
    CHECK (source IN ('manual', 'assist', 'discovery', 'mcp', 'ingest', 'approval')),
  posted_tweet_ids TEXT CHECK (json_valid(posted_tweet_ids)),
  last_error TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (status <> 'scheduled' OR scheduled_for IS NOT NULL)
) STRICT;

CREATE INDEX drafts_listing ON drafts (account_id, archived_at, status, updated_at);
CREATE INDEX drafts_schedule ON drafts (account_id, status, scheduled_for);

CREATE TABLE draft_revisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  draft_id INTEGER NOT NULL REFERENCES drafts (id) ON DELETE CASCADE,
  draft_version INTEGER NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('tweet', 'thread')),
  content TEXT NOT NULL,
  media_paths TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(media_paths) AND json_type(media_paths) = 'array'),
  title TEXT,
  trigger TEXT NOT NULL CHECK (trigger IN (
    'autosave', 'manual', 'schedule', 'unschedule', 'reschedule', 'publish', 'pre_restore', 'restore',
    'ai_rewrite', 'created'
  )),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX draft_revisions_by_draft ON draft_revisions (draft_id, created_at);

CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  -- NOCASE: "AI" and "ai" are the same tag to a user.
  name TEXT NOT NULL COLLATE NOCASE CHECK (length(trim(name)) > 0),
  color TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (account_id, name)
) STRICT;

CREATE TABLE draft_tags (
  draft_id INTEGER NOT NULL REFERENCES drafts (id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  PRIMARY KEY (draft_id, tag_id)
) STRICT;

CREATE INDEX draft_tags_by_tag ON draft_tags (tag_id);

CREATE TABLE draft_activity (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  draft_id INTEGER NOT NULL REFERENCES drafts (id) ON DELETE CASCADE,
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail) AND json_type(detail) = 'object'),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX draft_activity_by_draft ON draft_activity (draft_id, created_at);

-- Approvals ------------------------------------------------------------------------------------------------

CREATE TABLE approval_queue (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  -- tweet | reply | thread | quote, or a tool name for routed tool calls.
  action_type TEXT NOT NULL,
  tool_name TEXT,
  -- What will be executed on approval; no default so a caller can never queue an empty action.
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  content TEXT,
  media_paths TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(media_paths) AND json_type(media_paths) = 'array'),
  target_tweet_id TEXT,
  target_author_id TEXT,
  target_author_username TEXT,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'posting', 'posted', 'failed', 'rejected', 'expired')),
  reason TEXT,
  detected_risks TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(detected_risks) AND json_type(detected_risks) = 'array'),
  score REAL,
  origin TEXT NOT NULL CHECK (origin IN ('http', 'mcp', 'loop', 'cli')),
  draft_id INTEGER REFERENCES drafts (id) ON DELETE SET NULL,
  source_node_id INTEGER REFERENCES content_nodes (id) ON DELETE SET NULL,
  scheduled_for TEXT,
  reviewed_by TEXT,
  review_notes TEXT,
  reviewed_at TEXT,
  posted_tweet_ids TEXT CHECK (json_valid(posted_tweet_ids)),
  error_code TEXT,
  error_message TEXT,
  expires_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX approval_queue_by_status ON approval_queue (account_id, status, created_at);
CREATE INDEX approval_queue_by_draft ON approval_queue (draft_id) WHERE draft_id IS NOT NULL;
-- Lets discovery skip tweets that already have a reply waiting for review.
CREATE INDEX approval_queue_by_target ON approval_queue (account_id, target_tweet_id)
  WHERE target_tweet_id IS NOT NULL;

CREATE TABLE approval_edits (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  approval_id INTEGER NOT NULL REFERENCES approval_queue (id) ON DELETE CASCADE,
  editor TEXT NOT NULL DEFAULT 'dashboard',
  field TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX approval_edits_by_approval ON approval_edits (approval_id, created_at);

-- Posting --------------------------------------------------------------------------------------------------

CREATE TABLE posting_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  kind TEXT NOT NULL CHECK (kind IN ('tweet', 'reply', 'thread', 'quote')),
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  -- NULL means due now.
  scheduled_for TEXT,
  status TEXT NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'in_progress', 'posted', 'partial', 'failed', 'cancelled')),
  origin_type TEXT NOT NULL CHECK (origin_type IN ('draft', 'approval', 'compose', 'loop', 'mcp', 'cli')),
  draft_id INTEGER REFERENCES drafts (id) ON DELETE SET NULL,
  approval_id INTEGER REFERENCES approval_queue (id) ON DELETE SET NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  -- When the current attempt began; an in_progress job found at start-up is recovered from its outbox rows.
  started_at TEXT,
  last_error_code TEXT,
  last_error TEXT,
  posted_tweet_ids TEXT CHECK (json_valid(posted_tweet_ids)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  completed_at TEXT
) STRICT;

CREATE INDEX posting_jobs_due ON posting_jobs (status, scheduled_for);
-- A draft or approval can have at most one live job: a double click must not post twice.
CREATE UNIQUE INDEX posting_jobs_live_draft ON posting_jobs (draft_id)
  WHERE draft_id IS NOT NULL AND status IN ('queued', 'in_progress');
CREATE UNIQUE INDEX posting_jobs_live_approval ON posting_jobs (approval_id)
  WHERE approval_id IS NOT NULL AND status IN ('queued', 'in_progress');

-- One row per platform write, committed before the write so a crash leaves evidence instead of a duplicate.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  job_id INTEGER REFERENCES posting_jobs (id) ON DELETE CASCADE,
  approval_id INTEGER REFERENCES approval_queue (id) ON DELETE SET NULL,
  card_index INTEGER NOT NULL DEFAULT 0 CHECK (card_index >= 0),
  idempotency_key TEXT NOT NULL UNIQUE,
  operation TEXT NOT NULL,
  request TEXT NOT NULL CHECK (json_valid(request)),
  text_hash TEXT,
  in_reply_to_tweet_id TEXT,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sent', 'confirmed', 'failed', 'in_doubt')),
  platform_id TEXT,
  error_code TEXT,
  error_message TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT,
  completed_at TEXT
) STRICT;

CREATE UNIQUE INDEX outbox_job_card ON outbox (job_id, card_index) WHERE job_id IS NOT NULL;
CREATE INDEX outbox_by_status ON outbox (status);
CREATE INDEX outbox_by_approval ON outbox (approval_id) WHERE approval_id IS NOT NULL;

CREATE TABLE posts (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  tweet_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('tweet', 'reply', 'quote', 'thread_card')),
  text TEXT NOT NULL DEFAULT '',
  in_reply_to_tweet_id TEXT,
  target_author_id TEXT,
  target_author_username TEXT,
  quoted_tweet_id TEXT,
  thread_root_tweet_id TEXT,
  thread_position INTEGER,
  topic TEXT,
  format TEXT,
  origin TEXT,
  job_id INTEGER REFERENCES posting_jobs (id) ON DELETE SET NULL,
  mentions_product INTEGER NOT NULL DEFAULT 0 CHECK (mentions_product IN (0, 1)),
  llm_provider TEXT,
  llm_model TEXT,
  posted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (account_id, tweet_id)
) STRICT;

CREATE INDEX posts_by_kind ON posts (account_id, kind, posted_at);
CREATE INDEX posts_by_reply_target ON posts (account_id, in_reply_to_tweet_id);
CREATE INDEX posts_by_author ON posts (account_id, target_author_id, posted_at);
CREATE INDEX posts_by_job ON posts (job_id) WHERE job_id IS NOT NULL;

CREATE TABLE post_metrics (
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  tweet_id TEXT NOT NULL,
  impressions INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  replies INTEGER NOT NULL DEFAULT 0,
  retweets INTEGER NOT NULL DEFAULT 0,
  quotes INTEGER NOT NULL DEFAULT 0,
  bookmarks INTEGER NOT NULL DEFAULT 0,
  performance_score REAL,
  measured_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (account_id, tweet_id),
  -- Retention that deletes a post also drops its metrics.
  FOREIGN KEY (account_id, tweet_id) REFERENCES posts (account_id, tweet_id) ON DELETE CASCADE
) STRICT;

-- Discovery ------------------------------------------------------------------------------------------------

CREATE TABLE discovered_tweets (
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  tweet_id TEXT NOT NULL,
  author_id TEXT,
  author_username TEXT,
  author_followers INTEGER,
  text TEXT NOT NULL DEFAULT '',
  tweet_created_at TEXT,
  like_count INTEGER NOT NULL DEFAULT 0,
  retweet_count INTEGER NOT NULL DEFAULT 0,
  reply_count INTEGER NOT NULL DEFAULT 0,
  quote_count INTEGER NOT NULL DEFAULT 0,
  impression_count INTEGER NOT NULL DEFAULT 0,
  has_media INTEGER NOT NULL DEFAULT 0 CHECK (has_media IN (0, 1)),
  is_quote INTEGER NOT NULL DEFAULT 0 CHECK (is_quote IN (0, 1)),
  score REAL NOT NULL DEFAULT 0,
  score_breakdown TEXT NOT NULL DEFAULT '{}'
    CHECK (json_valid(score_breakdown) AND json_type(score_breakdown) = 'object'),
  matched_keyword TEXT,
  source TEXT NOT NULL DEFAULT 'search' CHECK (source IN ('search', 'mention', 'target')),
  discovered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  replied_to INTEGER NOT NULL DEFAULT 0 CHECK (replied_to IN (0, 1)),
  reply_tweet_id TEXT,
  PRIMARY KEY (account_id, tweet_id)
) STRICT;

CREATE INDEX discovered_tweets_by_score ON discovered_tweets (account_id, score);
CREATE INDEX discovered_tweets_by_time ON discovered_tweets (account_id, discovered_at);

CREATE TABLE target_accounts (
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  -- Handles are case-insensitive on the platform.
  username TEXT NOT NULL COLLATE NOCASE,
  user_id TEXT,
  display_name TEXT,
  followers INTEGER,
  added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_checked_at TEXT,
  last_reply_at TEXT,
  total_replies INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'removed')),
  PRIMARY KEY (account_id, username)
) STRICT;

CREATE TABLE cursors (
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (account_id, key)
) STRICT;

-- One row per counted action so sliding-window caps survive restarts.
CREATE TABLE rate_events (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  action TEXT NOT NULL,
  subject TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX rate_events_window ON rate_events (account_id, action, created_at);

-- Analytics and telemetry ----------------------------------------------------------------------------------

CREATE TABLE action_log (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  action_type TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'success',
  message TEXT,
  metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata) AND json_type(metadata) = 'object'),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX action_log_by_time ON action_log (account_id, created_at);

CREATE TABLE follower_snapshots (
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  -- Calendar day, YYYY-MM-DD.
  snapshot_date TEXT NOT NULL,
  followers INTEGER NOT NULL,
  following INTEGER NOT NULL,
  tweet_count INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (account_id, snapshot_date)
) STRICT;

CREATE TABLE content_scores (
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  topic TEXT NOT NULL,
  format TEXT NOT NULL DEFAULT '',
  total_posts INTEGER NOT NULL DEFAULT 0,
  avg_performance REAL NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (account_id, topic, format)
) STRICT;

CREATE TABLE llm_usage (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  generation_type TEXT NOT NULL,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  cost_usd REAL NOT NULL DEFAULT 0,
  latency_ms INTEGER,
  success INTEGER NOT NULL DEFAULT 1 CHECK (success IN (0, 1)),
  error_code TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX llm_usage_by_time ON llm_usage (account_id, created_at);

-- Every platform call.
CREATE TABLE api_usage (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  host TEXT NOT NULL,
  method TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  status_code INTEGER,
  latency_ms INTEGER,
  cost_usd REAL NOT NULL DEFAULT 0,
  error_code TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX api_usage_by_time ON api_usage (account_id, created_at);
CREATE INDEX api_usage_by_endpoint ON api_usage (account_id, endpoint, created_at);

CREATE TABLE mcp_telemetry (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  tool_name TEXT NOT NULL,
  category TEXT NOT NULL DEFAULT 'unknown',
  profile TEXT,
  latency_ms INTEGER NOT NULL DEFAULT 0,
  success INTEGER NOT NULL CHECK (success IN (0, 1)),
  error_code TEXT,
  policy_decision TEXT,
  metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata) AND json_type(metadata) = 'object'),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX mcp_telemetry_by_time ON mcp_telemetry (account_id, created_at);
CREATE INDEX mcp_telemetry_by_tool ON mcp_telemetry (tool_name);

CREATE TABLE mutation_audit (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  correlation_id TEXT NOT NULL UNIQUE,
  idempotency_key TEXT,
  tool_name TEXT NOT NULL,
  face TEXT NOT NULL CHECK (face IN ('mcp', 'http', 'cli', 'loop')),
  -- SHA-256 hex of tool|params; the duplicate check looks for a recent success with the same hash.
  params_hash TEXT NOT NULL,
  params TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(params)),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'success', 'failure', 'duplicate', 'denied', 'routed', 'dry_run')),
  policy_decision TEXT,
  result TEXT CHECK (json_valid(result)),
  -- How to undo the mutation (e.g. the delete call for a created post), shown to the caller.
  rollback TEXT CHECK (json_valid(rollback)),
  error_code TEXT,
  error_message TEXT,
  elapsed_ms INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  completed_at TEXT
) STRICT;

CREATE INDEX mutation_audit_dedupe ON mutation_audit (account_id, tool_name, params_hash, created_at);
CREATE INDEX mutation_audit_by_time ON mutation_audit (account_id, created_at);
CREATE INDEX mutation_audit_by_key ON mutation_audit (account_id, tool_name, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- Content sources ------------------------------------------------------------------------------------------

CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  source_type TEXT NOT NULL CHECK (source_type IN ('local_fs', 'cloud_drive', 'manual')),
  -- Stable identity of a config entry, so editing a source's options keeps its ingested nodes.
  source_key TEXT NOT NULL,
  config TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(config) AND json_type(config) = 'object'),
  sync_cursor TEXT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'error', 'skipped', 'disabled')),
  error_message TEXT,
  last_synced_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (account_id, source_key)
) STRICT;

CREATE TABLE content_nodes (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  source_id INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
  relative_path TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  title TEXT,
  body_text TEXT NOT NULL DEFAULT '',
  -- Raw front-matter text as found in the file.
  front_matter TEXT,
  -- Comma-joined tag list.
  tags TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed', 'failed')),
  ingested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (source_id, relative_path)
) STRICT;

CREATE INDEX content_nodes_by_status ON content_nodes (account_id, status);

CREATE TABLE content_chunks (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  node_id INTEGER NOT NULL REFERENCES content_nodes (id) ON DELETE CASCADE,
  heading_path TEXT NOT NULL DEFAULT '',
  chunk_text TEXT NOT NULL,
  chunk_hash TEXT NOT NULL,
  chunk_index INTEGER NOT NULL,
  retrieval_boost REAL NOT NULL DEFAULT 1.0,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'stale')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX content_chunks_by_node ON content_chunks (node_id, chunk_index);
CREATE INDEX content_chunks_by_status ON content_chunks (account_id, status);

CREATE TABLE draft_seeds (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  node_id INTEGER NOT NULL REFERENCES content_nodes (id) ON DELETE CASCADE,
  chunk_id INTEGER REFERENCES content_chunks (id) ON DELETE SET NULL,
  seed_text TEXT NOT NULL,
  format_suggestion TEXT,
  engagement_weight REAL NOT NULL DEFAULT 0.5,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'used', 'dismissed')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  used_at TEXT
) STRICT;

CREATE INDEX draft_seeds_by_status ON draft_seeds (account_id, status, created_at);
CREATE INDEX draft_seeds_by_node ON draft_seeds (node_id);
CREATE INDEX draft_seeds_by_chunk ON draft_seeds (chunk_id) WHERE chunk_id IS NOT NULL;

CREATE TABLE connections (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  connector_type TEXT NOT NULL,
  account_email TEXT,
  display_name TEXT,
  -- AES-256-GCM: 12-byte nonce || ciphertext || 16-byte tag; the key never lives in the database.
  encrypted_credentials BLOB,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired', 'revoked', 'error')),
  metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata) AND json_type(metadata) = 'object'),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX connections_by_type ON connections (account_id, connector_type);

-- Where a draft, approval or post came from; keeps the path and snippet even after the node is gone.
CREATE TABLE provenance_links (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  node_id INTEGER REFERENCES content_nodes (id) ON DELETE SET NULL,
  chunk_id INTEGER REFERENCES content_chunks (id) ON DELETE SET NULL,
  seed_id INTEGER REFERENCES draft_seeds (id) ON DELETE SET NULL,
  source_path TEXT,
  heading_path TEXT,
  snippet TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX provenance_links_by_entity ON provenance_links (account_id, entity_type, entity_id);
CREATE INDEX provenance_links_by_node ON provenance_links (node_id) WHERE node_id IS NOT NULL;
CREATE INDEX provenance_links_by_chunk ON provenance_links (chunk_id) WHERE chunk_id IS NOT NULL;
CREATE INDEX provenance_links_by_seed ON provenance_links (seed_id) WHERE seed_id IS NOT NULL;

-- Dashboard, media, settings -------------------------------------------------------------------------------

CREATE TABLE sessions (
  id TEXT NOT NULL PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  -- SHA-256 hex of the cookie token; the token itself is never stored.
  token_hash TEXT NOT NULL UNIQUE,
  csrf_token TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- Local uploads.
CREATE TABLE media_files (
  id TEXT NOT NULL PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  path TEXT NOT NULL UNIQUE,
  original_name TEXT,
  mime TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'gif', 'video')),
  size_bytes INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  width INTEGER,
  height INTEGER,
  duration_ms INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX media_files_by_hash ON media_files (account_id, sha256);
CREATE INDEX media_files_by_time ON media_files (account_id, created_at);

-- Platform uploads; a still-valid media id for the same file bytes is reused instead of uploading again.
CREATE TABLE media_uploads (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  media_file_id TEXT REFERENCES media_files (id) ON DELETE SET NULL,
  file_sha256 TEXT NOT NULL,
  media_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'gif', 'video')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'succeeded', 'failed')),
  error_message TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  finalized_at TEXT,
  expires_at TEXT
) STRICT;

CREATE INDEX media_uploads_by_hash ON media_uploads (account_id, file_sha256, status);
CREATE INDEX media_uploads_by_file ON media_uploads (media_file_id) WHERE media_file_id IS NOT NULL;

-- Small persistent settings, e.g. the dashboard passphrase hash.
CREATE TABLE app_state (
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (account_id, key)
) STRICT;
