package dev.steward.app.session;

import dev.steward.store.PartRow;
import dev.steward.store.PodRow;
import dev.steward.store.SessionRow;
import java.util.List;

/**
 * One session's rows in the read model.
 *
 * @param session the session's row
 * @param parts its parts' rows, in order
 * @param pods its pods' rows, in order within their part
 */
public record SessionRows(SessionRow session, List<PartRow> parts, List<PodRow> pods) {}
