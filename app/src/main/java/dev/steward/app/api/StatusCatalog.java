package dev.steward.app.api;

import dev.steward.model.DesiredStatus;
import dev.steward.model.HostStatus;
import dev.steward.model.PartStatus;
import dev.steward.model.PodStatus;
import dev.steward.model.Reason;
import dev.steward.model.SessionStatus;
import io.micronaut.serde.annotation.Serdeable;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Every status a client can meet, so clients need not hard-code them.
 *
 * @param desired what a session may be asked to be
 * @param session what a session may be observed as
 * @param part what a part may be observed as
 * @param pod what a pod may be observed as
 * @param host what a host may be observed as
 * @param reasons every reason a status change may carry, with its meaning and what it is given to
 */
@Serdeable
public record StatusCatalog(
        List<DesiredStatus> desired, List<SessionStatus> session, List<PartStatus> part, List<PodStatus> pod,
        List<HostStatus> host, List<ReasonEntry> reasons) {

    public static final StatusCatalog ALL = new StatusCatalog(List.of(DesiredStatus.values()),
            List.of(SessionStatus.values()), List.of(PartStatus.values()), List.of(PodStatus.values()),
            List.of(HostStatus.values()),
            Arrays.stream(Reason.values()).map(r -> new ReasonEntry(r.code(), r.meaning(), r.subjects())).toList());

    /**
     * @param code the reason as transitions and views carry it
     * @param meaning what it means
     * @param subjects what it is given to
     */
    @Serdeable
    public record ReasonEntry(String code, String meaning, Set<Reason.Subject> subjects) {}
}
