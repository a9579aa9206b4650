package dev.steward.app.events;

import java.util.List;
import java.util.UUID;

/**
 * What an event did.
 *
 * @param matched whether anything acted on it: a Steward event type, a trigger, a part awaiting it
 * @param outcome each effect in words, or why it matched nothing
 * @param sessions the sessions it touched
 */
record DispatchOutcome(boolean matched, String outcome, List<UUID> sessions) {}
