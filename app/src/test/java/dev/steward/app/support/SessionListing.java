package dev.steward.app.support;

import dev.steward.model.SessionView;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/** A page of {@code GET /api/v1/sessions} as tests read it: its sessions as the model's views. */
@Serdeable
public record SessionListing(List<SessionView> items, int page, int size, long total, @Nullable String next) {}
