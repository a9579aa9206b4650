package dev.steward.workflow.session;

import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.common.SearchAttributeKey;
import java.util.List;

/**
 * The search attributes a session workflow sets, so an operator finds sessions by status in the
 * Temporal UI. Keywords only, and no personal data: the owner goes into the memo instead. A cluster
 * must have them registered before sessions start (see README).
 */
public final class SessionSearchAttributes {

    public static final SearchAttributeKey<String> STATUS = SearchAttributeKey.forKeyword("StewardStatus");
    public static final SearchAttributeKey<String> DESIRED_STATUS = SearchAttributeKey.forKeyword("StewardDesiredStatus");

    /** Every key, for registering them on a server. */
    public static final List<SearchAttributeKey<String>> ALL = List.of(STATUS, DESIRED_STATUS);

    /** The server-side type of every key. */
    public static final IndexedValueType TYPE = IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;

    private SessionSearchAttributes() {}
}
