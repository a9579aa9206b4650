-- The Idempotency-Key of each session creation that carried one: a repeat of the request (the same
-- caller, key and body) answers with the session the first one made, a different body is refused.
CREATE TABLE idempotency_keys (
    scope          TEXT        PRIMARY KEY,
    request_sha256 TEXT        NOT NULL,
    session_id     UUID        NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL
);
