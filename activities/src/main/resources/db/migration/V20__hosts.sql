-- Hosts (container engines Steward may place pods on), the capacity each placed pod reserves,
-- and the history of host status changes.

CREATE TABLE hosts (
    name               TEXT PRIMARY KEY,
    endpoint           TEXT        NOT NULL,
    -- TLS for tcp:// endpoints: PEM file paths, or a secret reference; never the contents.
    tls_ca_path        TEXT,
    tls_cert_path      TEXT,
    tls_key_path       TEXT,
    tls_secret_ref     TEXT,
    -- NULL is unlimited.
    capacity_pods      INT              CHECK (capacity_pods >= 0),
    capacity_cpus      DOUBLE PRECISION CHECK (capacity_cpus >= 0),
    capacity_memory_mb BIGINT           CHECK (capacity_memory_mb >= 0),
    labels             JSONB       NOT NULL DEFAULT '{}',
    enabled            BOOLEAN     NOT NULL DEFAULT TRUE,
    draining           BOOLEAN     NOT NULL DEFAULT FALSE,
    status             TEXT        NOT NULL,
    reason             TEXT,
    message            TEXT,
    -- The last heartbeat: what the last probe that reached the engine found.
    engine_version     TEXT,
    api_version        TEXT,
    container_count    INT,
    failed_probes      INT         NOT NULL DEFAULT 0,
    last_probe_id      UUID,
    last_probe_at      TIMESTAMPTZ,
    last_seen_at       TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);

-- One row per pod and host it is placed on; a host's used capacity is the sum of its rows.
-- A pod has at most one row on a host that takes pods; while it moves off a draining or lost
-- host it has a second, and the old row is released once its old container is gone. A host
-- with rows cannot be deleted.
CREATE TABLE placements (
    id         BIGSERIAL PRIMARY KEY,
    session_id UUID             NOT NULL,
    part_name  TEXT             NOT NULL,
    pod_name   TEXT             NOT NULL,
    host       TEXT             NOT NULL REFERENCES hosts (name),
    cpus       DOUBLE PRECISION NOT NULL DEFAULT 0,
    memory_mb  BIGINT           NOT NULL DEFAULT 0,
    placed_at  TIMESTAMPTZ      NOT NULL,
    UNIQUE (session_id, part_name, pod_name, host)
);
CREATE INDEX placements_host_idx ON placements (host);

-- Apart from state_transitions, whose rows belong to a session.
CREATE TABLE host_transitions (
    id          UUID PRIMARY KEY,
    seq         BIGSERIAL   NOT NULL,
    host        TEXT        NOT NULL REFERENCES hosts (name) ON DELETE CASCADE,
    from_status TEXT,
    to_status   TEXT        NOT NULL,
    reason      TEXT        NOT NULL,
    message     TEXT,
    occurred_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX host_transitions_host_idx ON host_transitions (host, occurred_at, seq);
