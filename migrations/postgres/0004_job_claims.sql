-- Which process is publishing a job. The service and the tool server are separate processes over one
-- database; a job in progress is taken over only when the process that claimed it is gone, never while
-- it may still be sending (that would post twice).
ALTER TABLE posting_jobs ADD COLUMN claimed_by TEXT;
