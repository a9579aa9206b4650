package dev.steward.contract;

/**
 * The failure types of an activity whose write PostgreSQL refused for what it holds, not for being away:
 * the same write would be refused again, so it is not retried.
 */
public final class DatabaseRefusals {

    /** A constraint or a value the database refused. */
    public static final String REFUSED = "DatabaseRefused";
    /**
     * The session or host the write is for has no row in this deployment's database: its workflow is
     * another deployment's, or its rows were deleted under it.
     */
    public static final String NOT_IN_DATABASE = "NotInDatabase";

    private DatabaseRefusals() {}
}
