-- What each step spends of rate limits (keys or key expressions, units, the limit to create
-- a missing key with), as PutWorkflow declares it.
ALTER TABLE workflow_steps ADD COLUMN rate_limits jsonb NOT NULL DEFAULT '[]';
