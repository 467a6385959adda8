-- A post of the account that the platform no longer shows (deleted here or on the platform, or hidden):
-- set when the analytics loop asks for its metrics and the platform answers without it, so the loop stops
-- asking. Its earlier metrics stay: they are still what it did while it was up.
ALTER TABLE posts ADD COLUMN gone_at TEXT;
