-- A fragment is a span of its note's body, no longer a copy of its text: chunk_start and chunk_end count
-- characters into content_nodes.body_text (as substr() does, end exclusive). A vault's text was stored
-- twice, and writing the copy was a tenth of an initial ingest. Bodies are kept with LF line ends, the
-- form the chunker cuts, so a span reads back exactly the text it was cut from.
UPDATE content_nodes SET body_text = replace(body_text, char(13, 10), char(10))
  WHERE instr(body_text, char(13, 10)) > 0;

CREATE TABLE content_chunks_spans (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  node_id INTEGER NOT NULL REFERENCES content_nodes (id) ON DELETE CASCADE,
  heading_path TEXT NOT NULL DEFAULT '',
  chunk_start INTEGER NOT NULL CHECK (chunk_start >= 0),
  chunk_end INTEGER NOT NULL CHECK (chunk_end >= chunk_start),
  chunk_hash TEXT NOT NULL,
  chunk_index INTEGER NOT NULL,
  retrieval_boost REAL NOT NULL DEFAULT 1.0,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'stale')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Every stored fragment is text of its note's body trimmed between two headings, so it is found there;
-- where it first occurs holds the same text as wherever else it does. Ids are kept: seeds and provenance
-- point at them.
WITH found AS (
  SELECT c.*, instr(n.body_text, c.chunk_text) AS at
  FROM content_chunks c JOIN content_nodes n ON n.id = c.node_id
)
INSERT INTO content_chunks_spans (id, account_id, node_id, heading_path, chunk_start, chunk_end, chunk_hash,
    chunk_index, retrieval_boost, status, created_at, updated_at)
  SELECT id, account_id, node_id, heading_path, at - 1, at - 1 + length(chunk_text), chunk_hash, chunk_index,
    retrieval_boost, status, created_at, updated_at
  FROM found WHERE at > 0;

-- A fragment not found there (none should be) is gone: nothing may point at it.
UPDATE draft_seeds SET chunk_id = NULL
  WHERE chunk_id IS NOT NULL AND chunk_id NOT IN (SELECT id FROM content_chunks_spans);
UPDATE provenance_links SET chunk_id = NULL
  WHERE chunk_id IS NOT NULL AND chunk_id NOT IN (SELECT id FROM content_chunks_spans);

DROP TABLE content_chunks;
ALTER TABLE content_chunks_spans RENAME TO content_chunks;
CREATE INDEX content_chunks_by_node ON content_chunks (node_id, chunk_index);
CREATE INDEX content_chunks_by_status ON content_chunks (account_id, status);
