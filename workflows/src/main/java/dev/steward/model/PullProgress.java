package dev.steward.model;

import java.time.Instant;

/**
 * How far the pull of a pod's image on its host is, as the pull last wrote it (about once a second).
 *
 * @param layersDone layers downloaded or already on the host
 * @param layers layers the engine announced so far
 * @param bytesDone bytes downloaded so far, as far as the engine reports them
 * @param bytesTotal the bytes of the layers to download, once the engine has told the size of each;
 *     {@code null} until then
 * @param updatedAt when the pull last wrote it
 */
public record PullProgress(int layersDone, int layers, long bytesDone, Long bytesTotal, Instant updatedAt) {}
