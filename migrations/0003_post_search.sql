-- Full-text search over the account's own posts for vault context: matching keywords against thousands of
-- posts by substring scanned every text on every generation (about 5 ms per 5,000 posts); the index keeps
-- the lookup proportional to the matches. Keywords now match whole words, as they already do for notes.
CREATE VIRTUAL TABLE posts_fts USING fts5(
  text,
  content = 'posts',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO posts_fts (rowid, text) SELECT id, text FROM posts;

CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
  INSERT INTO posts_fts (rowid, text) VALUES (new.id, new.text);
END;

CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
  INSERT INTO posts_fts (posts_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;

CREATE TRIGGER posts_fts_update AFTER UPDATE OF text ON posts BEGIN
  INSERT INTO posts_fts (posts_fts, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO posts_fts (rowid, text) VALUES (new.id, new.text);
END;
