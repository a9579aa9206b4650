package dev.steward.model;

import java.util.List;

/**
 * An ordered part of a session and its pods.
 *
 * @param name unique within its session, a DNS label
 * @param pods the part's pods
 */
public record PartSpec(String name, List<PodSpec> pods) {

    public PartSpec {
        pods = pods == null ? List.of() : pods;
    }
}
