-- Full-text search over the account's own posts for vault context: matching keywords against thousands of
-- posts by substring scanned every text on every generation (about 5 ms per 5,000 posts); the index keeps
-- the lookup proportional to the matches. Keywords now match whole words, as they already do for notes.
-- As for notes (0002), a GIN index over the posts' text stands for SQLite's FTS5 table and its triggers:
-- a search is `posts_document(p.text) @@ query`.
CREATE FUNCTION posts_document(post_text TEXT) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_tsvector('simple'::regconfig, search_fold(post_text));

CREATE INDEX posts_search ON posts USING gin (posts_document(text));
