-- The change feed: a commit that changes an account's approval queue notifies the channel
-- `approval_queue_changed` with the account's id, so every process LISTENing (the dashboard's live events
-- of each API node) reads what changed at once, whoever wrote it (src/infra/postgres/change-feed.ts).
-- Postgres delivers a notification only when its transaction commits, and folds repeats of one payload in
-- a transaction into one. SQLite's twin (migrations/0014_change_feed.sql) has nothing to do.

CREATE FUNCTION notify_approval_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('approval_queue_changed', COALESCE(NEW.account_id, OLD.account_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER approval_queue_changed AFTER INSERT OR UPDATE OR DELETE ON approval_queue
  FOR EACH ROW EXECUTE FUNCTION notify_approval_change();
