-- The read model of sessions and the history of every status change.

CREATE TABLE sessions (
    id                  UUID PRIMARY KEY,
    owner               TEXT        NOT NULL,
    desired_status      TEXT        NOT NULL,
    status              TEXT        NOT NULL,
    reason              TEXT,
    message             TEXT,
    generation          BIGINT      NOT NULL,
    observed_generation BIGINT      NOT NULL DEFAULT 0,
    spec                JSONB       NOT NULL,
    provision_at        TIMESTAMPTZ,
    start_at            TIMESTAMPTZ,
    end_at              TIMESTAMPTZ,
    cleanup_deadline    TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_owner_idx ON sessions (owner, created_at);
CREATE INDEX sessions_status_idx ON sessions (status, created_at);

CREATE TABLE session_parts (
    id         BIGSERIAL PRIMARY KEY,
    session_id UUID        NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    name       TEXT        NOT NULL,
    position   INT         NOT NULL,
    status     TEXT        NOT NULL,
    reason     TEXT,
    message    TEXT,
    updated_at TIMESTAMPTZ NOT NULL,
    UNIQUE (session_id, name)
);

CREATE TABLE pods (
    id            BIGSERIAL PRIMARY KEY,
    session_id    UUID        NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    part_name     TEXT        NOT NULL,
    name          TEXT        NOT NULL,
    position      INT         NOT NULL,
    status        TEXT        NOT NULL,
    reason        TEXT,
    message       TEXT,
    container_id  TEXT,
    host          TEXT,
    updated_at    TIMESTAMPTZ NOT NULL,
    UNIQUE (session_id, part_name, name),
    FOREIGN KEY (session_id, part_name) REFERENCES session_parts (session_id, name) ON DELETE CASCADE
);

-- The id is chosen by the workflow that decided the change, so a retried write inserts nothing.
CREATE TABLE state_transitions (
    id          UUID PRIMARY KEY,
    seq         BIGSERIAL   NOT NULL,
    session_id  UUID        NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    kind        TEXT        NOT NULL,
    resource    TEXT        NOT NULL,
    from_status TEXT,
    to_status   TEXT        NOT NULL,
    reason      TEXT        NOT NULL,
    message     TEXT,
    generation  BIGINT      NOT NULL,
    occurred_at TIMESTAMPTZ NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX state_transitions_session_idx ON state_transitions (session_id, occurred_at, seq);
