package dev.steward.model;

import java.util.List;

/**
 * A part as the API and the workflow query show it.
 *
 * @param name the part's name
 * @param status its observed status
 * @param reason why it has that status
 * @param message the reason in words
 * @param pods its pods, in spec order
 */
public record PartView(String name, PartStatus status, String reason, String message, List<PodView> pods) {}
