-- Full-text search over notes (title and body) for vault context: keyword lookups over many notes stay
-- fast without scanning every body. External-content FTS5 kept in step by triggers.
CREATE VIRTUAL TABLE content_nodes_fts USING fts5(
  title,
  body_text,
  content = 'content_nodes',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO content_nodes_fts (rowid, title, body_text) SELECT id, coalesce(title, ''), body_text FROM content_nodes;

CREATE TRIGGER content_nodes_fts_insert AFTER INSERT ON content_nodes BEGIN
  INSERT INTO content_nodes_fts (rowid, title, body_text) VALUES (new.id, coalesce(new.title, ''), new.body_text);
END;

CREATE TRIGGER content_nodes_fts_delete AFTER DELETE ON content_nodes BEGIN
  INSERT INTO content_nodes_fts (content_nodes_fts, rowid, title, body_text)
    VALUES ('delete', old.id, coalesce(old.title, ''), old.body_text);
END;

CREATE TRIGGER content_nodes_fts_update AFTER UPDATE OF title, body_text ON content_nodes BEGIN
  INSERT INTO content_nodes_fts (content_nodes_fts, rowid, title, body_text)
    VALUES ('delete', old.id, coalesce(old.title, ''), old.body_text);
  INSERT INTO content_nodes_fts (rowid, title, body_text) VALUES (new.id, coalesce(new.title, ''), new.body_text);
END;
