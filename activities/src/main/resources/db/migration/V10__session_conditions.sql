-- The Ready and Degraded conditions a session workflow rolls up from its parts.
ALTER TABLE sessions ADD COLUMN conditions JSONB NOT NULL DEFAULT '[]'::jsonb;
