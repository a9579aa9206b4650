-- CloudEvents in: the sources allowed to send events, every event accepted (stored before it is
-- acted on, once per source and id), and the triggers that map events to session actions.

CREATE TABLE event_sources (
    name             TEXT PRIMARY KEY,
    -- The CloudEvents source this sender speaks for: one URI, or every URI starting with it.
    source           TEXT        NOT NULL,
    source_is_prefix BOOLEAN     NOT NULL,
    -- Origins answered in the Web Hooks handshake (WebHook-Allowed-Origin).
    allowed_origins  JSONB       NOT NULL DEFAULT '[]',
    -- SHA-256 of the bearer token, hex; the token itself is never stored.
    token_hash       TEXT        NOT NULL UNIQUE,
    -- Registered from the service's configuration rather than over the API.
    configured       BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at       TIMESTAMPTZ NOT NULL
);

CREATE TABLE events (
    seq           BIGSERIAL PRIMARY KEY,
    source        TEXT        NOT NULL,
    id            TEXT        NOT NULL,
    type          TEXT        NOT NULL,
    subject       TEXT,
    -- The registered event source whose token delivered it.
    sender        TEXT        NOT NULL,
    -- The whole event in the CloudEvents JSON format.
    event         TEXT        NOT NULL,
    received_at   TIMESTAMPTZ NOT NULL,
    -- A dispatcher holds the event until then; one that crashed lets it go when the lease ends.
    lease_until   TIMESTAMPTZ,
    dispatched_at TIMESTAMPTZ,
    matched       BOOLEAN,
    -- What the event did, or why it did nothing.
    outcome       TEXT,
    -- The ids of the sessions it touched, as a JSON array of strings.
    sessions      JSONB       NOT NULL DEFAULT '[]',
    UNIQUE (source, id)
);

CREATE INDEX events_undispatched ON events (seq) WHERE dispatched_at IS NULL;
CREATE INDEX events_by_type ON events (type, seq);
CREATE INDEX events_by_session ON events USING GIN (sessions);

CREATE TABLE triggers (
    name       TEXT PRIMARY KEY,
    -- The trigger as given over the API: filter, action and the action's arguments.
    definition TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
