-- Restart history of each pod, as the API shows it.

ALTER TABLE pods
    ADD COLUMN restarts         INT NOT NULL DEFAULT 0,
    ADD COLUMN last_exit_code   INT,
    ADD COLUMN last_exit_reason TEXT,
    ADD COLUMN next_restart_at  TIMESTAMPTZ;
