-- Pods that found no host with room, so room that appears later (a release, a host READY
-- again, more capacity) wakes their parts, the pod waiting longest first. A row goes when the
-- pod is placed or released.
CREATE TABLE placement_waits (
    session_id UUID        NOT NULL,
    part_name  TEXT        NOT NULL,
    pod_name   TEXT        NOT NULL,
    since      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (session_id, part_name, pod_name)
);
CREATE INDEX placement_waits_since_idx ON placement_waits (since);
