package dev.steward.model;

import static dev.steward.model.SpecRules.atLeastOne;
import static dev.steward.model.SpecRules.isBlank;
import static dev.steward.model.SpecRules.notNegative;
import static dev.steward.model.SpecRules.validateName;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a session spec and names every offending field: its owner, parts, gates, volumes, timeslot
 * and restart settings here, each pod with {@link PodSpecValidator}. Pure: no I/O, no clock.
 */
public final class SessionSpecValidator {

    private static final Pattern MAX_UNHEALTHY = Pattern.compile("[0-9]{1,9}%?");

    /** Sessions are listed by owner through an index, whose entries PostgreSQL keeps small. */
    public static final int MAX_OWNER_LENGTH = 256;
    /**
     * Counts and lengths a spec stays within, so that a session's workflow input and history stay far
     * from Temporal's payload limit whatever the body size setting (documented under Input in docs/api.md).
     */
    public static final int MAX_PARTS = 20;
    public static final int MAX_PODS_PER_PART = 50;
    /** Replicas of one pod, at most. */
    public static final int MAX_REPLICAS = 100;

    private SessionSpecValidator() {}

    public static List<FieldError> validate(SessionSpec spec) {
        List<FieldError> errors = new ArrayList<>();
        if (spec == null) {
            errors.add(new FieldError("", "a session spec is required"));
            return errors;
        }
        if (isBlank(spec.owner())) {
            errors.add(new FieldError("owner", "must not be blank"));
        } else if (spec.owner().length() > MAX_OWNER_LENGTH) {
            errors.add(new FieldError("owner", "must be at most " + MAX_OWNER_LENGTH + " characters"));
        }
        if (spec.parts().isEmpty()) {
            errors.add(new FieldError("parts", "must contain at least one part"));
        } else if (spec.parts().size() > MAX_PARTS) {
            errors.add(new FieldError("parts", "must contain at most " + MAX_PARTS + " parts"));
        }
        Set<String> partNames = new HashSet<>();
        for (int i = 0; i < spec.parts().size(); i++) {
            validatePart(spec.parts().get(i), "parts[" + i + "]", partNames, errors);
        }
        validateGates(spec.parts(), errors);
        HostSpecValidator.validateLabels(spec.labels(), "labels", errors);
        validateVolumes(spec, errors);
        errors.addAll(validateTimeslot(spec.timeslot(), "timeslot."));
        validateRestart(spec.restart(), errors);
        return errors;
    }

    /** The spec's errors, with pods asking for their host's network refused unless {@code hostNetworkAllowed}. */
    public static List<FieldError> validate(SessionSpec spec, boolean hostNetworkAllowed) {
        List<FieldError> errors = validate(spec);
        if (spec == null || hostNetworkAllowed) {
            return errors;
        }
        for (String field : hostNetworkFields(spec)) {
            errors.add(new FieldError(field, "is not allowed on this deployment (steward.pods.allow-host-network is false)"));
        }
        return errors;
    }

    /** The {@code hostNetwork} field of every pod that asks for its host's network, as {@code parts[i].pods[j].hostNetwork}. */
    public static List<String> hostNetworkFields(SessionSpec spec) {
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < spec.parts().size(); i++) {
            PartSpec part = spec.parts().get(i);
            for (int j = 0; part != null && j < part.pods().size(); j++) {
                PodSpec pod = part.pods().get(j);
                if (pod != null && pod.hostNetwork()) {
                    fields.add("parts[" + i + "].pods[" + j + "].hostNetwork");
                }
            }
        }
        return fields;
    }

    /** The ordering {@code provisionAt ≤ endAt ≤ cleanupDeadline} of the fields that are set. */
    public static List<FieldError> validateTimeslot(Timeslot slot, String prefix) {
        List<FieldError> errors = new ArrayList<>();
        if (slot == null) {
            errors.add(new FieldError(prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1),
                    "a timeslot is required"));
            return errors;
        }
        if (slot.provisionAt() != null && slot.endAt() != null && slot.provisionAt().isAfter(slot.endAt())) {
            errors.add(new FieldError(prefix + "endAt", "must not be before provisionAt"));
        }
        if (slot.endAt() != null && slot.cleanupDeadline() != null && slot.endAt().isAfter(slot.cleanupDeadline())) {
            errors.add(new FieldError(prefix + "cleanupDeadline", "must not be before endAt"));
        }
        if (slot.provisionAt() != null && slot.cleanupDeadline() != null
                && slot.provisionAt().isAfter(slot.cleanupDeadline())) {
            errors.add(new FieldError(prefix + "cleanupDeadline", "must not be before provisionAt"));
        }
        return errors;
    }

    /** Every name in {@code after} is another part, and no part waits for itself through others. */
    private static void validateGates(List<PartSpec> parts, List<FieldError> errors) {
        Map<String, List<String>> after = new LinkedHashMap<>();
        for (PartSpec part : parts) {
            if (part != null && part.name() != null) {
                after.putIfAbsent(part.name(), part.after());
            }
        }
        for (int i = 0; i < parts.size(); i++) {
            PartSpec part = parts.get(i);
            if (part == null) {
                continue;
            }
            for (int k = 0; k < part.after().size(); k++) {
                String name = part.after().get(k);
                if (!after.containsKey(name)) {
                    errors.add(new FieldError("parts[" + i + "].after[" + k + "]", "names no part: '" + name + "'"));
                }
            }
            if (!MAX_UNHEALTHY.matcher(part.maxUnhealthy()).matches()) {
                errors.add(new FieldError("parts[" + i + "].maxUnhealthy",
                        "must be a count of pods (\"1\") or a percentage of them (\"50%\")"));
            } else if (part.maxUnhealthy().endsWith("%") && MaxUnhealthy.percent(part.maxUnhealthy()) > 100) {
                errors.add(new FieldError("parts[" + i + "].maxUnhealthy", "must not exceed 100%"));
            }
        }
        List<String> cycle = findCycle(after);
        if (!cycle.isEmpty()) {
            errors.add(new FieldError("parts", "the after gates form a cycle: " + String.join(" -> ", cycle)));
        }
    }

    /** The session's volumes, and every pod's mounts of them. */
    private static void validateVolumes(SessionSpec spec, List<FieldError> errors) {
        Set<String> declared = new HashSet<>();
        for (int v = 0; v < spec.volumes().size(); v++) {
            VolumeSpec volume = spec.volumes().get(v);
            String path = "volumes[" + v + "]";
            if (volume == null) {
                errors.add(new FieldError(path, "must not be null"));
                continue;
            }
            validateName(volume.name(), path + ".name", declared, errors);
            if (volume.sizeMb() != null && volume.sizeMb() < 1) {
                errors.add(new FieldError(path + ".sizeMb", "must be at least 1"));
            }
        }
        for (int i = 0; i < spec.parts().size(); i++) {
            PartSpec part = spec.parts().get(i);
            for (int j = 0; part != null && j < part.pods().size(); j++) {
                PodSpec pod = part.pods().get(j);
                if (pod != null) {
                    PodSpecValidator.validateMounts(pod.mounts(), declared, "parts[" + i + "].pods[" + j + "].mounts", errors);
                }
            }
        }
    }


    /** A cycle of names, first name repeated at the end, or empty when there is none. */
    private static List<String> findCycle(Map<String, List<String>> after) {
        Map<String, Integer> state = new HashMap<>(); // 1 on the path, 2 done
        for (String start : after.keySet()) {
            List<String> path = new ArrayList<>();
            if (visit(start, after, state, path)) {
                return path;
            }
        }
        return List.of();
    }

    private static boolean visit(String name, Map<String, List<String>> after, Map<String, Integer> state,
            List<String> path) {
        Integer seen = state.get(name);
        if (seen != null && seen == 2) {
            return false;
        }
        path.add(name);
        if (seen != null) {
            path.subList(0, path.indexOf(name)).clear();
            return true;
        }
        state.put(name, 1);
        for (String next : after.getOrDefault(name, List.of())) {
            if (after.containsKey(next) && visit(next, after, state, path)) {
                return true;
            }
        }
        state.put(name, 2);
        path.removeLast();
        return false;
    }

    private static void validatePart(PartSpec part, String path, Set<String> partNames, List<FieldError> errors) {
        if (part == null) {
            errors.add(new FieldError(path, "must not be null"));
            return;
        }
        validateName(part.name(), path + ".name", partNames, errors);
        if (part.pods().isEmpty()) {
            errors.add(new FieldError(path + ".pods", "must contain at least one pod"));
        } else if (part.pods().size() > MAX_PODS_PER_PART) {
            errors.add(new FieldError(path + ".pods", "must contain at most " + MAX_PODS_PER_PART + " pods"));
        }
        Set<String> podNames = new HashSet<>();
        for (int j = 0; j < part.pods().size(); j++) {
            PodSpecValidator.validate(part.pods().get(j), path + ".pods[" + j + "]", podNames, errors);
        }
        for (int k = 0; k < part.awaits().size(); k++) {
            validateAwait(part.awaits().get(k), path + ".awaits[" + k + "]", errors);
        }
        if (part.completesOn() != null) {
            validateAwait(part.completesOn(), path + ".completesOn", errors);
        }
        validateInstances(part, path, errors);
    }

    private static void validateAwait(EventAwait await, String path, List<FieldError> errors) {
        if (await == null || isBlank(await.type())) {
            errors.add(new FieldError(path + ".type", "is required: the CloudEvents type awaited"));
        } else if (await.source() != null && await.source().isBlank()) {
            errors.add(new FieldError(path + ".source", "must not be blank when given"));
        }
    }

    /** Each replica is a pod named {@code {pod}-{i}}: that name must be free among the part's pods, and a DNS label. */
    private static void validateInstances(PartSpec part, String path, List<FieldError> errors) {
        Set<String> instanceNames = new HashSet<>();
        part.pods().stream().filter(pod -> pod != null && pod.replicas() == null)
                .forEach(pod -> instanceNames.add(pod.name()));
        for (int j = 0; j < part.pods().size(); j++) {
            PodSpec pod = part.pods().get(j);
            if (pod == null || pod.replicas() == null || isBlank(pod.name())) {
                continue;
            }
            String replicasPath = path + ".pods[" + j + "].replicas";
            if (pod.replicas() < 1 || pod.replicas() > MAX_REPLICAS) {
                errors.add(new FieldError(replicasPath, "must be between 1 and " + MAX_REPLICAS));
                continue;
            }
            for (PodSpec instance : pod.instances()) {
                if (!SpecRules.isName(instance.name())) {
                    errors.add(new FieldError(replicasPath, "its pod '" + instance.name()
                            + "' must be a DNS label: lower-case letters, digits and '-', at most 63 characters"));
                    break;
                }
                if (!instanceNames.add(instance.name())) {
                    errors.add(new FieldError(replicasPath, "its pod '" + instance.name()
                            + "' has the name of another pod of the part"));
                    break;
                }
            }
        }
    }






    private static void validateRestart(RestartSettings restart, List<FieldError> errors) {
        notNegative(restart.backoffBaseSeconds(), "restart.backoffBaseSeconds", errors);
        notNegative(restart.backoffCapSeconds(), "restart.backoffCapSeconds", errors);
        notNegative(restart.stableSeconds(), "restart.stableSeconds", errors);
        notNegative(restart.maxRestarts(), "restart.maxRestarts", errors);
        atLeastOne(restart.rolloutDeadlineSeconds(), "restart.rolloutDeadlineSeconds", errors);
        if (restart.backoffBaseSeconds() != null && restart.backoffCapSeconds() != null
                && restart.backoffCapSeconds() < restart.backoffBaseSeconds()) {
            errors.add(new FieldError("restart.backoffCapSeconds", "must not be less than backoffBaseSeconds"));
        }
    }






}
