package dev.steward.app.support;

import dev.steward.store.HostRow;
import dev.steward.store.SessionRow;

/**
 * What a refused request must leave as it was.
 *
 * @param sessions how many session rows there are
 * @param hosts how many host rows there are
 * @param openWorkflows how many workflows Temporal runs
 * @param session the row of the session the requests aim at
 * @param host the row of the host the requests aim at
 */
public record ServiceState(long sessions, long hosts, long openWorkflows, SessionRow session, HostRow host) {}
