package dev.steward.model;

/**
 * One problem with a request, named by its JSON path.
 *
 * @param field the path of the offending field, for example {@code parts[0].pods[1].image}
 * @param message what is wrong with it
 */
public record FieldError(String field, String message) {}
