-- A part's Progressing condition: whether the part still makes its way (every status but FAILED), and the
-- workflow time of the transition at which that last flipped (its creation until the first flip).
ALTER TABLE session_parts
    ADD COLUMN progressing       BOOLEAN NOT NULL DEFAULT TRUE,
    ADD COLUMN progressing_since TIMESTAMPTZ;
UPDATE session_parts SET progressing = (status <> 'FAILED'), progressing_since = updated_at;
ALTER TABLE session_parts ALTER COLUMN progressing_since SET NOT NULL;
