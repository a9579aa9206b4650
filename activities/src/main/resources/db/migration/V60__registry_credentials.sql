-- Credentials for pulling images, one row per registry host ("127.0.0.1:5000", "docker.io"). The
-- password or token is encrypted (AES-256-GCM, the 12-byte nonce first) with the key of
-- steward.secrets; it is never read back out through the API.
CREATE TABLE registry_credentials (
    registry         TEXT        PRIMARY KEY,
    username         TEXT        NOT NULL,
    secret_encrypted BYTEA       NOT NULL,
    token            BOOLEAN     NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);
