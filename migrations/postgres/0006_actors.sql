-- Who started each mutation, queued item, posting job and post: `dashboard`, `api`, `agent`, `cli` or
-- `loop:<name>`. The audit log shows it; the automation caps count and hold back only the autonomous actors
-- (agents and loops). Rows written before this migration get the actor their face or origin implies.
-- `actor ~ '^loop:[a-z]'` is SQLite's `actor GLOB 'loop:[a-z]*'`.
ALTER TABLE mutation_audit ADD COLUMN actor TEXT NOT NULL DEFAULT 'api'
  CHECK (actor IN ('dashboard', 'api', 'agent', 'cli') OR actor ~ '^loop:[a-z]');
UPDATE mutation_audit SET actor = CASE face
  WHEN 'mcp' THEN 'agent' WHEN 'cli' THEN 'cli' WHEN 'loop' THEN 'loop:unknown' ELSE 'api' END;

ALTER TABLE approval_queue ADD COLUMN actor TEXT NOT NULL DEFAULT 'api'
  CHECK (actor IN ('dashboard', 'api', 'agent', 'cli') OR actor ~ '^loop:[a-z]');
UPDATE approval_queue SET actor = CASE origin
  WHEN 'mcp' THEN 'agent' WHEN 'cli' THEN 'cli' WHEN 'loop' THEN 'loop:unknown' ELSE 'api' END;

ALTER TABLE posting_jobs ADD COLUMN actor TEXT NOT NULL DEFAULT 'api'
  CHECK (actor IN ('dashboard', 'api', 'agent', 'cli') OR actor ~ '^loop:[a-z]');
UPDATE posting_jobs SET actor = CASE
  WHEN approval_id IS NOT NULL THEN
    coalesce((SELECT a.actor FROM approval_queue a WHERE a.id = posting_jobs.approval_id), 'api')
  WHEN origin_type = 'mcp' THEN 'agent' WHEN origin_type = 'loop' THEN 'loop:unknown'
  WHEN origin_type = 'cli' THEN 'cli' ELSE 'api' END;

ALTER TABLE posts ADD COLUMN actor TEXT NOT NULL DEFAULT 'api'
  CHECK (actor IN ('dashboard', 'api', 'agent', 'cli') OR actor ~ '^loop:[a-z]');
UPDATE posts SET actor = coalesce(
  (SELECT j.actor FROM posting_jobs j WHERE j.id = posts.job_id),
  CASE origin WHEN 'mcp' THEN 'agent' WHEN 'loop' THEN 'loop:unknown' WHEN 'cli' THEN 'cli' ELSE 'api' END);

CREATE INDEX posts_by_actor ON posts (account_id, actor, kind, posted_at);
