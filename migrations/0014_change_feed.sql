-- The change feed is Postgres' (migrations/postgres/0014_change_feed.sql: NOTIFY on approval queue changes,
-- so every process hears another's commits). SQLite needs nothing: each process notices other connections'
-- commits through PRAGMA data_version (src/infra/sqlite/approval-change-watcher.ts). This file keeps the two
-- stores' migration histories one for one.
SELECT 1;
