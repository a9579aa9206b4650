-- Subscriptions: sinks that get every status event passing their filters as a CloudEvent over HTTP, and
-- each one's delivery state, so delivery goes on where it stopped after a restart, in any replica.
CREATE TABLE subscriptions (
    id              UUID PRIMARY KEY,
    sink            TEXT        NOT NULL,
    content_mode    TEXT        NOT NULL,
    -- The Subscriptions API filters, as JSON; an event is delivered when it passes all of them.
    filters         JSONB       NOT NULL,
    -- Sent as "Authorization: Bearer ..."; never returned by the API, never logged.
    access_token    TEXT,
    status          TEXT        NOT NULL,
    -- The sink the abuse-protection handshake last allowed; any other sink is asked first.
    validated_sink  TEXT,
    -- Every outbox event up to this position was delivered, or did not pass the filters.
    position        BIGINT      NOT NULL,
    -- Failed attempts in a row, and when the next one is due.
    attempts        INT         NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    -- The last handshake or delivery the sink took, or the subscription's creation.
    last_success_at TIMESTAMPTZ NOT NULL,
    last_error      TEXT,
    last_error_at   TIMESTAMPTZ,
    -- The worker delivering it now; another takes over once the lease ran out.
    lease_owner     TEXT,
    lease_until     TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX subscriptions_due_idx ON subscriptions (next_attempt_at);
