package dev.steward.app.http.problem;

import io.micronaut.http.HttpStatus;
import java.util.Arrays;
import java.util.Optional;

/**
 * Every kind of problem the API answers with. Its {@code type} is the absolute URI of a page the
 * service serves, {@code /problems/{name}}, which says what it means and how to fix it. Clients
 * branch on it, so a name never changes.
 */
public enum ProblemType {
    UNREADABLE_REQUEST("unreadable-request", HttpStatus.BAD_REQUEST, "Unreadable request",
            "The body, a path value or a query value could not be read: malformed JSON, bytes that are not"
                    + " UTF-8, a field Steward does not know, a value of the wrong JSON type, text Steward cannot store"
                    + " (U+0000, a lone surrogate), or a session id that is not a UUID.",
            "Correct the field that errors or detail names; nothing was changed."),
    INVALID_EVENT("invalid-event", HttpStatus.BAD_REQUEST, "Invalid CloudEvent",
            "A delivery to POST /api/v1/events is not valid CloudEvents 1.0: an attribute is missing (id, source,"
                    + " type, specversion), another spec version, a source that is no URI reference, a time that is"
                    + " no RFC 3339 timestamp, or data that cannot be read. errors names each attribute, in a batch"
                    + " as [i].id; a batch with one bad event is refused whole.",
            "Correct the named attributes and send the delivery again; nothing of it was stored."),
    UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED, "No valid token",
            "The request carried no bearer token, or one Steward does not know (never issued, or deleted);"
                    + " for POST /api/v1/events, no token of a registered event source.",
            "Send Authorization: Bearer <token>. ./steward up writes an admin token to the file it names;"
                    + " an admin makes more with POST /api/v1/tokens."),
    FORBIDDEN("forbidden", HttpStatus.FORBIDDEN, "Not allowed for this token",
            "The token's role may not do this (VIEWER reads, USER changes its own owner's sessions, OPERATOR"
                    + " every session, hosts and pods on their host's network, ADMIN also tokens and event sources),"
                    + " or a token limited to one owner named another owner (in the body or as ?owner=); or an"
                    + " event whose source or Steward event type its event source may not send, or a handshake"
                    + " origin no event source allows.",
            "Use a token with the role the request needs, or act on the token's own owner's data."),
    NOT_FOUND("not-found", HttpStatus.NOT_FOUND, "Not found",
            "No such route, or the session, part, pod, host or token the path names does not exist; a session"
                    + " of another owner than the token is limited to answers the same.",
            "Check the path; GET /api/v1/sessions and GET /api/v1/hosts list what exists."),
    METHOD_NOT_ALLOWED("method-not-allowed", HttpStatus.METHOD_NOT_ALLOWED, "Method not allowed",
            "The path exists, but not with this HTTP method.",
            "See the API's description at /api/docs for the methods each path takes."),
    CONFLICT("conflict", HttpStatus.CONFLICT, "Conflict with the resource's state",
            "The request is well formed but cannot apply to the resource as it is now: a session that has"
                    + " ended or is being deleted, a name that is taken, a host with pods placed on it.",
            "Read the resource again, then decide; detail says what stands in the way."),
    PRECONDITION_FAILED("precondition-failed", HttpStatus.PRECONDITION_FAILED, "The session has changed",
            "The request carried If-Match with an ETag (a generation) the session no longer has: someone changed it"
                    + " since you read it. Nothing was done.",
            "GET the session again, look at its spec and ETag, and send your change with the new ETag."),
    EVENT_DATA_TOO_LARGE("event-data-too-large", HttpStatus.REQUEST_ENTITY_TOO_LARGE, "Event data too large",
            "An event of a delivery to POST /api/v1/events carries more data than steward.events.max-data-bytes"
                    + " (64 KiB by default) allows: a session carries the data of the events its parts await, and"
                    + " its pods see it in their env. errors names the data of each such event (in a batch as"
                    + " [i].data); nothing of the delivery was stored.",
            "Send a smaller event: put large data elsewhere (an object store, a URL) and send its reference."),
    BODY_TOO_LARGE("body-too-large", HttpStatus.REQUEST_ENTITY_TOO_LARGE, "Request too large",
            "The body is larger than steward.api max body size (256 KiB by default), or the request line is"
                    + " longer than 4 KB.",
            "Send a smaller spec: fewer or shorter env values, commands or labels (see the limits under Input in docs/api.md)."),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Not JSON",
            "The body was sent with a content type other than application/json.",
            "Send Content-Type: application/json."),
    INVALID_REQUEST("invalid-request", HttpStatus.UNPROCESSABLE_ENTITY, "Invalid request",
            "A well-formed request breaks a rule of Steward's: errors names every offending field.",
            "Correct each field errors names; nothing was changed."),
    QUOTA_EXCEEDED("quota-exceeded", HttpStatus.TOO_MANY_REQUESTS, "Owner's quota used up",
            "The owner already holds as many live sessions (steward.quotas.live-sessions-per-owner), or pods in"
                    + " them (steward.quotas.pods-per-owner), as the operator allows; detail names the quota. Nothing"
                    + " was created or changed. A spec with more pods alone than the quota is a 422 instead: it can"
                    + " never fit.",
            "Delete sessions the owner no longer needs, or wait until some end, then repeat the request; or ask"
                    + " the operator for a larger quota."),
    RATE_LIMITED("rate-limited", HttpStatus.TOO_MANY_REQUESTS, "Too many deliveries",
            "The event source delivered faster than steward.events.rate allows it (deliveries per minute, with a"
                    + " burst); nothing of this delivery was stored. The Web Hooks handshake answers the rate as"
                    + " WebHook-Allowed-Rate.",
            "Wait the seconds Retry-After names, then deliver again; batch events to send fewer deliveries."),
    TOO_MANY_STREAMS("too-many-streams", HttpStatus.TOO_MANY_REQUESTS, "Too many event streams",
            "As many server-sent event streams are open as the service allows: for this token"
                    + " (steward.streams.max-per-token) or for all tokens together (steward.streams.max-total);"
                    + " detail says which. No stream was opened.",
            "Close streams this token no longer reads (one stream with ?owner= or no filter can replace many), or"
                    + " try again after Retry-After."),
    TEMPORAL_UNAVAILABLE("temporal-unavailable", HttpStatus.SERVICE_UNAVAILABLE, "Temporal unavailable",
            "Temporal did not answer within steward.api.temporal-timeout, so nothing was done.",
            "Repeat the request after Retry-After; if it lasts, check Temporal (GET /health names it)."),
    WORKFLOW_START_REFUSED("workflow-start-refused", HttpStatus.SERVICE_UNAVAILABLE, "Workflow not started",
            "Temporal answered, but refused to start the session's workflow; detail gives its reason (a"
                    + " namespace that does not exist, credentials it refuses, a limit it applies). Nothing was created.",
            "Fix what detail names in Temporal or in Steward's Temporal settings, then repeat the request."),
    WORKFLOW_UNRESPONSIVE("workflow-unresponsive", HttpStatus.SERVICE_UNAVAILABLE, "Workflow unresponsive",
            "Temporal took the change, but the session's workflow did not answer in time: no worker runs it"
                    + " now. The change may still apply once one does.",
            "Check that workers run (GET /health); the request is safe to repeat."),
    DATABASE_UNAVAILABLE("database-unavailable", HttpStatus.SERVICE_UNAVAILABLE, "PostgreSQL unavailable",
            "PostgreSQL is out of reach, restarting or refusing for now, so the request was not completed.",
            "Repeat the request after Retry-After; if it lasts, check PostgreSQL (GET /health names it)."),
    INTERNAL_ERROR("internal-error", HttpStatus.INTERNAL_SERVER_ERROR, "Internal error",
            "Something failed that Steward did not expect; detail names the log entry (logged as {id}).",
            "Report the id in detail to the operator, who finds the failure in the service's log.");

    private final String name;
    private final HttpStatus status;
    private final String title;
    private final String meaning;
    private final String fix;

    ProblemType(String name, HttpStatus status, String title, String meaning, String fix) {
        this.name = name;
        this.status = status;
        this.title = title;
        this.meaning = meaning;
        this.fix = fix;
    }

    /** The page's path, which the answer's {@code type} makes absolute. */
    public String path() {
        return "/problems/" + name;
    }

    public String pageName() {
        return name;
    }

    public HttpStatus status() {
        return status;
    }

    public String title() {
        return title;
    }

    public String meaning() {
        return meaning;
    }

    public String fix() {
        return fix;
    }

    public static Optional<ProblemType> named(String name) {
        return Arrays.stream(values()).filter(type -> type.name.equals(name)).findFirst();
    }

    /** The type of an error Micronaut itself answers (no route, a body too large, not JSON, ...). */
    static ProblemType ofStatus(HttpStatus status) {
        return switch (status) {
            case BAD_REQUEST -> UNREADABLE_REQUEST;
            case UNAUTHORIZED -> UNAUTHORIZED;
            case FORBIDDEN -> FORBIDDEN;
            case NOT_FOUND -> NOT_FOUND;
            case METHOD_NOT_ALLOWED -> METHOD_NOT_ALLOWED;
            case CONFLICT -> CONFLICT;
            case PRECONDITION_FAILED -> PRECONDITION_FAILED;
            case REQUEST_ENTITY_TOO_LARGE -> BODY_TOO_LARGE;
            case UNSUPPORTED_MEDIA_TYPE -> UNSUPPORTED_MEDIA_TYPE;
            case UNPROCESSABLE_ENTITY -> INVALID_REQUEST;
            default -> status.getCode() >= 500 ? INTERNAL_ERROR : UNREADABLE_REQUEST;
        };
    }
}
