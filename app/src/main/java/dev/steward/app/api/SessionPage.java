package dev.steward.app.api;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/**
 * One page of sessions, newest first.
 *
 * @param items the sessions on this page
 * @param page the page number, from 0
 * @param size the page size asked for
 * @param total how many sessions match in all
 * @param next the cursor that lists the page after this one ({@code ?cursor=}); null on the last page
 */
@Serdeable
public record SessionPage(List<SessionBody> items, int page, int size, long total, @Nullable String next) {}
