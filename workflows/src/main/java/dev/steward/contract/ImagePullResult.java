package dev.steward.contract;

/**
 * A finished pull.
 *
 * @param image the image reference pulled
 * @param layers the layers of the image the engine reported
 * @param bytes the bytes downloaded, as far as the engine reported them
 * @param seconds how long the pull took
 */
public record ImagePullResult(String image, int layers, long bytes, double seconds) {}
