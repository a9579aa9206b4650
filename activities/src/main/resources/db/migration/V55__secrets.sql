-- Secrets that pods' env takes values from: a name, a version raised by every rotation, and the
-- key/values as one JSON object encrypted (AES-256-GCM, the 12-byte nonce first) with the key of
-- steward.secrets. Neither the keys nor the values are ever read back out through the API.
CREATE TABLE secrets (
    name           TEXT        PRIMARY KEY,
    version        BIGINT      NOT NULL,
    data_encrypted BYTEA       NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
