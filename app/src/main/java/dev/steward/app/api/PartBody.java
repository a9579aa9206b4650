package dev.steward.app.api;

import dev.steward.model.Condition;
import dev.steward.model.PartStatus;
import dev.steward.model.PartView;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/**
 * A part of a session as the API shows it.
 *
 * @param name the part's name
 * @param status its observed status
 * @param reason why it has that status
 * @param message the reason in words
 * @param pods its pods, in spec order
 * @param conditions {@code Progressing}: {@code False} once the part failed
 * @param passes the reconcile passes its workflow has run, asked of it at each read of the one session;
 *     {@code null} in lists, and when the workflow did not answer in time
 */
@Serdeable
public record PartBody(String name, PartStatus status, String reason, String message, List<PodBody> pods,
        List<Condition> conditions, @Nullable Long passes) {

    static PartBody of(PartView part) {
        return new PartBody(part.name(), part.status(), part.reason(), part.message(),
                part.pods().stream().map(PodBody::of).toList(),
                part.conditions() == null ? List.of() : part.conditions(), part.passes());
    }
}
