-- The platform bill (pay-per-use): each api_usage row keeps its price kind, how many resources the answer
-- returned and how many of them were charged, and the actor whose code made the call (`loop:<name>`,
-- `agent`, `dashboard`, `api`, `cli`; NULL when no face or loop was running it, e.g. a login). Rows
-- written before this migration keep cost 0 and no kind.
ALTER TABLE api_usage ADD COLUMN actor TEXT
  CHECK (actor IS NULL OR actor IN ('dashboard', 'api', 'agent', 'cli') OR actor ~ '^loop:[a-z]');
ALTER TABLE api_usage ADD COLUMN price_kind TEXT;
ALTER TABLE api_usage ADD COLUMN resources BIGINT NOT NULL DEFAULT 0;
ALTER TABLE api_usage ADD COLUMN charged_resources BIGINT NOT NULL DEFAULT 0;

CREATE INDEX api_usage_by_actor ON api_usage (account_id, actor, created_at);

-- The resources a read was charged for, per UTC day: the platform charges a resource once a day, so a
-- second read of the same post (or user, DM event, list) that day costs nothing. Days before today are
-- only history; a retention job may drop them.
CREATE TABLE api_charged_resources (
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  day TEXT NOT NULL,
  resource TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  PRIMARY KEY (account_id, day, resource, resource_id)
);

-- Posts that mentioned the account, as the mentions read returned them (any day): a reply to one of them is
-- a summoned reply, which the platform charges less than a plain post.
CREATE TABLE api_mentions (
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  post_id TEXT NOT NULL,
  seen_at TEXT NOT NULL,
  PRIMARY KEY (account_id, post_id)
);
