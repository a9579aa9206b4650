-- Ciphertexts now name the key they are under (steward.secrets holds the current key first, older ones
-- after it until what they wrote is re-encrypted) and are bound to their row and owner. Those written
-- before carry neither: a leading 0x00 marks them, so that the service still opens them under the
-- configured keys; it re-encrypts them under the current key at startup.
UPDATE secrets SET data_encrypted = decode('00', 'hex') || data_encrypted;
UPDATE registry_credentials SET secret_encrypted = decode('00', 'hex') || secret_encrypted;

-- Sinks' access tokens are encrypted like secrets. A token stored before, in plain text, stays in
-- access_token_unencrypted until the service encrypts it at startup, which empties that column.
ALTER TABLE subscriptions RENAME COLUMN access_token TO access_token_unencrypted;
ALTER TABLE subscriptions ADD COLUMN access_token_encrypted BYTEA;
