package dev.steward.model;

/**
 * Where an image reference points, read as Docker and Podman's Docker-compatible API read it: a first
 * path component with a dot or a port, or {@code localhost}, names the registry; any other reference
 * is Docker Hub's ({@code busybox} is {@code docker.io/library/busybox}). Pure.
 */
public final class ImageReference {

    /** Where an image reference without a registry comes from. */
    public static final String DEFAULT_REGISTRY = "docker.io";

    private ImageReference() {}

    /** The registry host of {@code image}, with its port: {@code registry.example.com:5000}, {@code docker.io}. */
    public static String registry(String image) {
        int slash = image.indexOf('/');
        if (slash < 0) {
            return DEFAULT_REGISTRY;
        }
        String first = image.substring(0, slash);
        return first.contains(".") || first.contains(":") || first.equals("localhost") ? first : DEFAULT_REGISTRY;
    }

    /** {@code image} with its registry, and Docker Hub's {@code library/} for a name of one component. */
    public static String fullyQualified(String image) {
        String registry = registry(image);
        if (image.startsWith(registry + "/")) {
            return image;
        }
        return DEFAULT_REGISTRY + "/" + (image.contains("/") ? "" : "library/") + image;
    }
}
