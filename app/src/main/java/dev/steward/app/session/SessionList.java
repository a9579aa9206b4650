package dev.steward.app.session;

import dev.steward.model.SessionView;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * The sessions on one page of a listing, newest first.
 *
 * @param items the sessions on the page
 * @param total how many sessions match in all
 * @param next the cursor of the page after this one; null when this one is the last
 */
public record SessionList(List<SessionView> items, long total, @Nullable String next) {}
