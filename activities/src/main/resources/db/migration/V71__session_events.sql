-- The CloudEvents that reached each session, kept with it by the session's workflow as it takes them: the key
-- of every event it took (so that one dispatched again after its workflow was resumed from the read model
-- changes nothing), and the events its parts await or complete on, with their data (read again by a workflow
-- that does not carry it). Rows go with their session.
CREATE TABLE session_events (
    seq         BIGSERIAL   NOT NULL,
    session_id  UUID        NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    source      TEXT        NOT NULL,
    event_id    TEXT        NOT NULL,
    type        TEXT        NOT NULL,
    -- Handed to the session for parts that await or complete on it, not only applied to the session.
    arrived     BOOLEAN     NOT NULL,
    -- The event's data as text (JSON text for JSON data), for arrived events; NULL otherwise.
    data        TEXT,
    received_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (session_id, source, event_id)
);
CREATE INDEX session_events_arrived_idx ON session_events (session_id, type, source, seq) WHERE arrived;
