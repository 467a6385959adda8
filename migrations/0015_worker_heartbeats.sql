-- The processes that run jobs of a Postgres deployment, each with the moment it last said it is alive
-- (src/infra/jobs/worker-heartbeats.ts): a process silent for longer than the threshold is gone, and the
-- jobs it held are released. SQLite runs no job engine and never writes it; the table is here too so the
-- two stores keep one schema.
CREATE TABLE worker_heartbeats (
  worker_id TEXT NOT NULL PRIMARY KEY,
  -- host:pid, for people reading the table.
  process TEXT NOT NULL,
  started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
