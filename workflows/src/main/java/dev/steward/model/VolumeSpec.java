package dev.steward.model;

/**
 * A volume of a session: an engine volume its pods mount, kept across their containers' replacements.
 *
 * @param name unique within its session, a DNS label
 * @param sizeMb the size it is meant to have, in MiB; optional, and enforced only where the engine's
 *     storage supports volume quotas
 * @param retainOnDelete whether the engine volume stays when the session ends
 */
public record VolumeSpec(String name, Integer sizeMb, Boolean retainOnDelete) {

    public VolumeSpec {
        retainOnDelete = Boolean.TRUE.equals(retainOnDelete);
    }
}
