-- Failed dashboard logins by client (the socket address, or the forwarded client address when a trusted
-- proxy is configured): passphrase guessing stays throttled across a restart of the service.
CREATE TABLE login_failures (
  id INTEGER NOT NULL PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  client_key TEXT NOT NULL,
  failed_at TEXT NOT NULL
) STRICT;

CREATE INDEX login_failures_by_client ON login_failures (account_id, client_key, failed_at);
