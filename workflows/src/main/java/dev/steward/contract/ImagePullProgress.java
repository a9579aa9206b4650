package dev.steward.contract;

/**
 * How far a pull is, as its activity heartbeats it.
 *
 * @param layersDone layers downloaded or already present
 * @param layers layers the engine announced so far
 * @param bytesDone bytes downloaded so far, as far as the engine reports them
 * @param bytesTotal the bytes of the announced layers to download, once the engine has told the size of
 *     each that is not done; {@code null} until then
 */
public record ImagePullProgress(int layersDone, int layers, long bytesDone, Long bytesTotal) {}
