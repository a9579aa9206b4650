package dev.steward.contract;

/**
 * What one host resync did.
 *
 * @param containers Steward containers the host listed
 * @param partsNotified part workflows that received their observed containers
 * @param orphansRemoved labelled containers no live session wants, removed
 * @param staleRemoved containers made for this host whose pod holds no placement on it any more, removed
 */
public record ResyncResult(int containers, int partsNotified, int orphansRemoved, int staleRemoved) {}
