-- The Postgres twin of migrations/0015_worker_heartbeats.sql: the job engine's worker processes and when
-- each last said it is alive, in the database's own time (src/infra/jobs/worker-heartbeats.ts).
CREATE TABLE worker_heartbeats (
  worker_id TEXT NOT NULL PRIMARY KEY,
  process TEXT NOT NULL,
  started_at TEXT NOT NULL DEFAULT utc_now_iso(),
  seen_at TEXT NOT NULL DEFAULT utc_now_iso()
);
