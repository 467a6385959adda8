-- The signed-in platform account as the dashboard shows it (display name, handle, picture), read once from the
-- platform's users/me and kept here: refreshed when older than a day or when the login names another user.
-- `picture_url` is where the bytes came from, so a refresh that finds the same URL keeps them; no picture
-- (none set, refused by the download's checks) leaves both picture columns null.
CREATE TABLE account_profile (
  account_id TEXT PRIMARY KEY NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  user_id TEXT NOT NULL,
  username TEXT NOT NULL,
  display_name TEXT NOT NULL,
  picture_url TEXT,
  picture BYTEA,
  picture_type TEXT
    CHECK (picture_type IS NULL OR picture_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp')),
  fetched_at TEXT NOT NULL,
  CHECK ((picture IS NULL) = (picture_type IS NULL))
);
