-- Account-wide pacing: autonomous platform writes of one account (loops and agents) are at least the
-- configured gap apart, whichever process makes them. `next_allowed_at` is the instant the next one may go;
-- one immediate write transaction reads and moves it, so two processes never take the same slot.
CREATE TABLE account_pacing (
  account_id TEXT PRIMARY KEY NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  next_allowed_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- Every autonomous write the pacing let through, and the held posts still waiting: when it first asked,
-- when it went (null while held), who and what. The pacing figures (smallest gap, busiest quarter hour,
-- longest wait) are read from here.
CREATE TABLE paced_actions (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES accounts (id),
  subject TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  asked_at TEXT NOT NULL,
  granted_at TEXT,
  UNIQUE (account_id, subject)
) STRICT;

CREATE INDEX paced_actions_granted ON paced_actions (account_id, granted_at) WHERE granted_at IS NOT NULL;
