-- Notes from content sources. A note whose file was deleted (or left the drive folder) is marked gone, not
-- deleted: its chunks, seeds and provenance stay explainable; it leaves search and generation. Ingest
-- problems (a binary file, a note too large, bad front-matter, an unreadable folder, a drive refusing) are
-- kept per source and path so the sources status shows them until the path ingests cleanly again.
ALTER TABLE content_nodes ADD COLUMN gone_at TEXT;
CREATE INDEX content_nodes_live ON content_nodes (account_id, source_id) WHERE gone_at IS NULL;

CREATE TABLE source_errors (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  source_id INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
  -- Empty for a problem of the whole source (folder missing, drive refusing).
  relative_path TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  UNIQUE (source_id, relative_path)
) STRICT;
