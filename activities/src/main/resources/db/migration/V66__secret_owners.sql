-- Secrets belong to an owner: two owners may have secrets of one name, and a session takes values
-- only from its own owner's. A secret from before goes to every owner whose sessions (of any status)
-- reference it, as a copy with its version and key/values, so that no such session loses a value; a
-- secret no session references goes to the owner 'default'.
ALTER TABLE secrets ADD COLUMN owner TEXT;
ALTER TABLE secrets DROP CONSTRAINT secrets_pkey;

INSERT INTO secrets (owner, name, version, data_encrypted, created_at, updated_at)
SELECT DISTINCT s.owner, sec.name, sec.version, sec.data_encrypted, sec.created_at, sec.updated_at
FROM secrets sec
JOIN sessions s ON jsonb_path_exists(s.spec, '$.parts[*].pods[*].env.*.valueFrom.secret ? (@ == $name)',
                                     jsonb_build_object('name', sec.name))
WHERE sec.owner IS NULL;

UPDATE secrets sec SET owner = 'default'
WHERE sec.owner IS NULL
  AND NOT EXISTS (SELECT 1 FROM secrets copy WHERE copy.name = sec.name AND copy.owner IS NOT NULL);
DELETE FROM secrets WHERE owner IS NULL;

ALTER TABLE secrets ALTER COLUMN owner SET NOT NULL;
ALTER TABLE secrets ADD PRIMARY KEY (owner, name);
