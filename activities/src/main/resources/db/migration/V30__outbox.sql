-- The outbox: every recorded status change (session, part, pod, host), written in the transaction that
-- records it, in the order it leaves Steward. Its id is the transition's, so a retried recording adds
-- nothing. Rows are not tied to sessions or hosts by foreign keys: they outlive a deleted host, and the
-- retention purge removes them (see steward.retention).
CREATE TABLE outbox_events (
    id          UUID PRIMARY KEY,
    -- Order across every stream; a row becomes visible only after every lower position (see outbox_counters).
    position    BIGINT      NOT NULL UNIQUE,
    -- Order within the row's stream: its session, or its host for host changes.
    sequence    BIGINT      NOT NULL,
    session_id  UUID,
    owner       TEXT,
    host        TEXT,
    kind        TEXT        NOT NULL,
    part_name   TEXT,
    pod_name    TEXT,
    from_status TEXT,
    to_status   TEXT        NOT NULL,
    reason      TEXT,
    message     TEXT,
    generation  BIGINT,
    occurred_at TIMESTAMPTZ NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK ((session_id IS NULL) <> (host IS NULL))
);
CREATE UNIQUE INDEX outbox_events_session_idx ON outbox_events (session_id, sequence) WHERE session_id IS NOT NULL;
CREATE UNIQUE INDEX outbox_events_host_idx ON outbox_events (host, sequence) WHERE host IS NOT NULL;
CREATE INDEX outbox_events_owner_idx ON outbox_events (owner, position);
CREATE INDEX outbox_events_recorded_idx ON outbox_events (recorded_at);

-- The last number handed out per stream: '*' for positions, 'session:{id}' and 'host:{name}' for sequences.
-- Taking a number locks its row until the recording transaction commits, so numbers become visible in the
-- order they were handed out: a reader that saw number n never finds a smaller one appear later.
CREATE TABLE outbox_counters (
    stream TEXT PRIMARY KEY,
    last   BIGINT NOT NULL
);
