-- How far the pull of an image on a host is, as its pull activity last wrote it (about once a second):
-- the API shows it on the pods waiting for that pull. The activity removes the row when the pull ends;
-- one left by a worker that died mid-pull is overwritten by the next pull of the image on the host.
CREATE TABLE image_pull_progress (
    host        TEXT        NOT NULL,
    image       TEXT        NOT NULL,
    layers_done INT         NOT NULL,
    layers      INT         NOT NULL,
    bytes_done  BIGINT      NOT NULL,
    bytes_total BIGINT,
    updated_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (host, image)
);
