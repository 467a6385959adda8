-- Full-text search over notes (title and body) for vault context: keyword lookups over many notes stay
-- fast without scanning every body. SQLite keeps an external-content FTS5 table in step by triggers; here
-- a GIN index over the notes' own text does it, with no table, column or trigger of its own, so
-- content_nodes has the same columns in both stores. A search names the same function the index is built
-- on: `content_nodes_document(n.title, n.body_text) @@ query`, ranked with ts_rank on it.

-- FTS5's `unicode61 remove_diacritics 2` folds accents: decompose, then drop the combining marks. The search
-- words go through it too. ('simple' below lower-cases and neither stems nor drops words, as unicode61.)
CREATE FUNCTION search_fold(value TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN regexp_replace(normalize(value, NFD), '[\u0300-\u036f]', '', 'g');

CREATE FUNCTION content_nodes_document(title TEXT, body_text TEXT) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_tsvector('simple'::regconfig, search_fold(coalesce(title, '') || ' ' || body_text));

CREATE INDEX content_nodes_search ON content_nodes USING gin (content_nodes_document(title, body_text));
