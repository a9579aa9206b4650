package dev.steward.workflow.session;

import io.temporal.common.SearchAttributeKey;
import io.temporal.common.SearchAttributes;
import java.util.List;
import java.util.Map;

/**
 * The search attributes of a session workflow, so an operator finds sessions in the Temporal UI by
 * owner, status, desired status and label ({@code StewardLabels = 'tier=gold'}). A namespace must have
 * them registered before sessions start: the service registers them in its own (see docs/operations.md).
 */
public final class SessionSearchAttributes {

    public static final SearchAttributeKey<String> STATUS = SearchAttributeKey.forKeyword("StewardStatus");
    public static final SearchAttributeKey<String> DESIRED_STATUS = SearchAttributeKey.forKeyword("StewardDesiredStatus");
    public static final SearchAttributeKey<String> OWNER = SearchAttributeKey.forKeyword("StewardOwner");
    /** Each label as {@code key=value}. */
    public static final SearchAttributeKey<List<String>> LABELS = SearchAttributeKey.forKeywordList("StewardLabels");

    /** Every key, for registering them on a server. */
    public static final List<SearchAttributeKey<?>> ALL = List.of(STATUS, DESIRED_STATUS, OWNER, LABELS);

    private SessionSearchAttributes() {}

    /** What a session's workflow starts with: who owns it and its labels (its statuses it sets as it runs). */
    public static SearchAttributes of(String owner, Map<String, String> labels) {
        return SearchAttributes.newBuilder().set(OWNER, owner).set(LABELS, labels(labels)).build();
    }

    /** The labels as {@link #LABELS} holds them: {@code key=value}, sorted. */
    public static List<String> labels(Map<String, String> labels) {
        return labels.entrySet().stream().map(label -> label.getKey() + "=" + label.getValue()).sorted().toList();
    }
}
