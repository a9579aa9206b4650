-- The API's bearer tokens. Only a SHA-256 of each secret is kept: the secret is shown once, when the
-- token is created, and a stolen table lets no one in.
CREATE TABLE api_tokens (
    name          TEXT        PRIMARY KEY,
    role          TEXT        NOT NULL,
    owner         TEXT,
    secret_sha256 TEXT        NOT NULL UNIQUE,
    created_at    TIMESTAMPTZ NOT NULL
);
