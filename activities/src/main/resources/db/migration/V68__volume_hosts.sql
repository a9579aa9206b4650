-- The host each session volume was last placed on, with the pod placed with it: a pod that mounts
-- it goes back there even when none of its pods holds a placement any more (the session was
-- stopped), so it finds what was written. A pod placed elsewhere (its host lost or draining) moves
-- the row with it. Rows go with their session.
CREATE TABLE volume_hosts (
    session_id UUID NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    volume     TEXT NOT NULL,
    host       TEXT NOT NULL,
    pod        TEXT NOT NULL,
    PRIMARY KEY (session_id, volume)
);
