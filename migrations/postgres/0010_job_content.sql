-- What a posting job would put on the platform, as a hash of its canonical content (kind, card texts and
-- media, the post it replies to or quotes): a second identical post while the first is waiting or has just
-- gone out is collapsed into the first (one write transaction checks and inserts, across processes).
-- Jobs from before have none and are never matched.
ALTER TABLE posting_jobs ADD COLUMN content_hash TEXT;
CREATE INDEX posting_jobs_content ON posting_jobs (account_id, content_hash, created_at)
  WHERE content_hash IS NOT NULL;
