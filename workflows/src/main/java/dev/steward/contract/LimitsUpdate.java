package dev.steward.contract;

/**
 * What became of a change of a container's limits in place.
 *
 * @param outcome whether the engine applied it
 * @param detail the engine's words when it did not, else {@code null}
 */
public record LimitsUpdate(Outcome outcome, String detail) {

    public enum Outcome {
        /** The running container has the new limits. */
        APPLIED,
        /** The engine has no update call (neither Docker's nor Podman's libpod one): only a new container has them. */
        NOT_SUPPORTED,
        /** The engine refused the new limits for this container (for example memory below what it uses). */
        REFUSED,
        /** The container is gone. */
        CONTAINER_GONE
    }
}
