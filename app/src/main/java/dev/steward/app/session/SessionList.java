package dev.steward.app.session;

import dev.steward.model.SessionView;
import java.util.List;

/**
 * The sessions on one page of a listing, newest first.
 *
 * @param items the sessions on the page
 * @param total how many sessions match in all
 */
public record SessionList(List<SessionView> items, long total) {}
