package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.auth.SessionAccess;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.http.problem.Problem;
import dev.steward.app.session.IdempotencyKey;
import dev.steward.app.session.IdempotentCreation;
import dev.steward.app.session.PartPasses;
import dev.steward.app.session.PodEndpoints;
import dev.steward.app.session.PodLogs;
import dev.steward.app.session.SessionCommands;
import dev.steward.app.session.SessionList;
import dev.steward.app.session.SessionReads;
import dev.steward.app.temporal.WorkflowHistories;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PodAction;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.uri.UriBuilder;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;

/**
 * Sessions over HTTP; off the event loop, because every call reaches PostgreSQL or Temporal. Every route
 * under one session answers a token limited to another owner as if the session did not exist. Reads
 * carry the session's ETag, and a change sent with {@code If-Match} is made only on that generation
 * ({@link SessionETags}). Answers are the API's own records ({@link SessionBody}, ...), mapped from what
 * the read model and the workflows return.
 */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@Tag(name = "Sessions")
@ApiRoutes
@Controller("/api/v1/sessions")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class SessionController {

    /** A client's key for a creation it may repeat: a repeat gets the session the first one made. */
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private final SessionReads reads;
    private final SessionCommands sessions;
    private final IdempotentCreation creation;
    private final SessionAccess access;
    private final TemporalUiLinks links;
    private final PodEndpoints endpoints;
    private final PartPasses passes;
    private final PodLogs logs;
    private final WorkflowHistories histories;

    public SessionController(SessionReads reads, SessionCommands sessions, IdempotentCreation creation,
            SessionAccess access, TemporalUiLinks links, PodEndpoints endpoints, PartPasses passes, PodLogs logs,
            WorkflowHistories histories) {
        this.reads = reads;
        this.sessions = sessions;
        this.creation = creation;
        this.access = access;
        this.links = links;
        this.endpoints = endpoints;
        this.passes = passes;
        this.logs = logs;
        this.histories = histories;
    }

    @Operation(operationId = "createSession", summary = "Create a session",
            description = "Stores the session from its spec and starts its workflow: `201` with the session, its "
            + "generated `id` and a `Location` header. With an `Idempotency-Key` header (1-255 characters, the "
            + "caller's own), a repeat with the same body answers the session the first request made, and another "
            + "body under the key is a `422`. A spec that breaks a rule is a `422` naming every offending field; "
            + "nothing is created.")
    @Post
    @Secured(Role.USER_ROLE)
    public HttpResponse<SessionBody> createSession(@Body @Nullable SessionSpec spec,
            @Header(IDEMPOTENCY_KEY) @Nullable String idempotencyKey, Authentication caller) {
        SessionView created = creation.create(access.ownSpec(caller, spec), idempotencyKey, caller.getName());
        return HttpResponse.created(SessionBody.of(created), UriBuilder.of("/api/v1/sessions").path(created.id().toString()).build());
    }

    /** The sessions of every owner, or of {@code owner}; a token limited to an owner lists its own only. */
    @Operation(operationId = "listSessions", summary = "List sessions",
            description = "A page of sessions, newest first: `{items, page, size, total, next}`, `size` at most "
            + "100. `owner` and `status` filter (a token limited to an owner lists its own only) (`status` takes several, comma-separated or repeated; any "
            + "matches); `labelSelector` selects by the spec's labels as Kubernetes does (`team=a,tier!=db`, "
            + "`key`, `!key`). `next` is a cursor for the page after this one (`null` on the last): `?cursor=` "
            + "pages by it instead of `page`, and sessions created meanwhile shift nothing.")
    @Get
    public SessionPage listSessions(@QueryValue @Nullable String owner, @QueryValue @Nullable List<String> status,
            @QueryValue @Nullable String labelSelector, @QueryValue @Nullable String cursor,
            @QueryValue(defaultValue = "0") int page, @QueryValue(defaultValue = "20") int size, Authentication caller) {
        SessionList found = reads.list(access.ownerFor(caller, owner, "sessions"),
                status == null ? List.of() : status, labelSelector, cursor, page, size);
        return new SessionPage(found.items().stream().map(SessionBody::of).toList(), page, size, found.total(),
                found.next());
    }

    /**
     * The session's whole tree. A pod whose reason is Pulling shows how far the pull of its image on
     * its host is in {@code pullProgress}: layers done of those announced, bytes done and, once the
     * engine has told every size, in all, and when the pull last wrote them; {@code null} otherwise.
     */
    @Operation(operationId = "getSession", summary = "Read a session's whole tree",
            description = "The session with its parts and pods: statuses and reasons, restarts, last exits, hosts, "
            + "container ids, addresses and published ports (asked of the engines at each read), each part's "
            + "`Progressing` condition and reconcile `passes` (asked of its workflow), `generation` and "
            + "`observedGeneration`, conditions, the timeslot and the spec at `generation`. A pod whose image is "
            + "being pulled shows how far in `pullProgress`. The `ETag` header carries the generation, for "
            + "`If-Match`; with the Temporal UI configured, a `Link` header (`rel=\"temporal-workflow\"`) points "
            + "at the session's workflow there.")
    @Get("/{id}")
    public HttpResponse<SessionBody> getSession(UUID id, Authentication caller) {
        access.requireSession(caller, id);
        SessionView session = passes.fillIn(endpoints.fillIn(reads.get(id)));
        return links.to(HttpResponse.ok(SessionBody.of(session))
                .header(HttpHeaders.ETAG, SessionETags.of(session.generation())), WorkflowIds.session(id));
    }

    @Operation(operationId = "setDesiredStatus", summary = "Set the desired status",
            description = "`RUNNING`, `STOPPED` (no container exists) or `DELETED` (no container exists and the "
            + "workflow ends): `202` with `{desiredStatus, generation, changed}`. The change is a Temporal update "
            + "whose validator refuses what cannot apply: `409` when the session has ended, is being deleted, or "
            + "is past its cleanup deadline.")
    @Put("/{id}/desired-status")
    @Secured(Role.USER_ROLE)
    public HttpResponse<DesiredStatusAccepted> setDesiredStatus(UUID id, @Body @Nullable DesiredStatusRequest request,
            @Header(IDEMPOTENCY_KEY) @Nullable String idempotencyKey, Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(DesiredStatusAccepted.of(sessions.setDesiredStatus(id,
                request == null ? null : request.desiredStatus(), IdempotencyKey.of(caller.getName(), idempotencyKey))));
    }

    @Operation(operationId = "deleteSession", summary = "Delete a session",
            description = "The same as desired status `DELETED`: the session tears its containers down, then its "
            + "workflow ends. `202` with `{desiredStatus, generation, changed}`.")
    @Delete("/{id}")
    @Secured(Role.USER_ROLE)
    public HttpResponse<DesiredStatusAccepted> deleteSession(UUID id,
            @Header(IDEMPOTENCY_KEY) @Nullable String idempotencyKey, Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(DesiredStatusAccepted.of(
                sessions.delete(id, IdempotencyKey.of(caller.getName(), idempotencyKey))));
    }

    @Operation(operationId = "setTimeslot", summary = "Move the timeslot",
            description = "Replaces the timeslot (`provisionAt <= endAt <= cleanupDeadline`, else `422`); the "
            + "session's timers move with it. `202` with the new generation. `409` once teardown has begun or the "
            + "deadline has passed. With `If-Match` (an `ETag` of a read), a session whose generation has moved on "
            + "since is a `412` and nothing changes.")
    @Put("/{id}/timeslot")
    @Secured(Role.USER_ROLE)
    public HttpResponse<TimeslotAccepted> setTimeslot(UUID id, @Body @Nullable Timeslot timeslot,
            @Header(HttpHeaders.IF_MATCH) @Nullable String ifMatch,
            @Header(IDEMPOTENCY_KEY) @Nullable String idempotencyKey, Authentication caller) {
        access.requireSession(caller, id);
        SessionETags.requireMatch(id, ifMatch, () -> reads.generation(id));
        return HttpResponse.accepted().body(TimeslotAccepted.of(
                sessions.setTimeslot(id, timeslot, IdempotencyKey.of(caller.getName(), idempotencyKey))));
    }

    @Operation(operationId = "retryPart", summary = "Retry a failed part",
            description = "Retries a `FAILED` part under a new generation: `202`. An unknown part is a `404`; a "
            + "part that has not failed, or a session that is not `RUNNING`, a `409`.")
    @Post("/{id}/parts/{part}/retry")
    @Secured(Role.USER_ROLE)
    public HttpResponse<ActionAccepted> retryPart(UUID id, String part,
            @Header(IDEMPOTENCY_KEY) @Nullable String idempotencyKey, Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(ActionAccepted.of(
                sessions.retryPart(id, part, IdempotencyKey.of(caller.getName(), idempotencyKey))));
    }

    @Operation(operationId = "reconcileSession", summary = "Reconcile the session now",
            description = "Every started part reads the engine at once instead of at its next resync: `202`.")
    @Post("/{id}/reconcile")
    @Secured(Role.USER_ROLE)
    public HttpResponse<ActionAccepted> reconcile(UUID id,
            @Header(IDEMPOTENCY_KEY) @Nullable String idempotencyKey, Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(ActionAccepted.of(
                sessions.reconcile(id, IdempotencyKey.of(caller.getName(), idempotencyKey))));
    }

    @Operation(operationId = "updateSpec", summary = "Replace the spec",
            description = "The same parts and pods by name (else `409`). A real change bumps the generation and "
            + "replaces the changed pods' containers, rolling where a pod has a readiness check; a change of "
            + "`resources` alone is applied to the running container in place. `202` with the new generation; an "
            + "invalid spec is a `422`. Honours `If-Match` as the timeslot change does.")
    @Put("/{id}/spec")
    @Secured(Role.USER_ROLE)
    public HttpResponse<SpecAccepted> updateSpec(UUID id, @Body @Nullable SessionSpec spec,
            @Header(HttpHeaders.IF_MATCH) @Nullable String ifMatch,
            @Header(IDEMPOTENCY_KEY) @Nullable String idempotencyKey, Authentication caller) {
        access.requireSession(caller, id);
        SessionETags.requireMatch(id, ifMatch, () -> reads.generation(id));
        return HttpResponse.accepted().body(new SpecAccepted(sessions.updateSpec(id, access.ownSpec(caller, spec),
                IdempotencyKey.of(caller.getName(), idempotencyKey))));
    }

    @Operation(operationId = "resetPodBackoff", summary = "Reset a pod's backoff",
            description = "Forgets the pod's restart count and backoff, so its next restart is immediate; a pod "
            + "`FAILED` with `CrashLoopBackOff` is tried again. `202`.")
    @Post("/{id}/pods/{part}/{pod}/reset-backoff")
    @Secured(Role.USER_ROLE)
    public HttpResponse<Void> resetBackoff(UUID id, String part, String pod, Authentication caller) {
        access.requireSession(caller, id);
        sessions.podAction(id, part, pod, PodAction.Kind.RESET_BACKOFF);
        return HttpResponse.accepted();
    }

    @Operation(operationId = "restartPod", summary = "Restart a pod now",
            description = "Skips a pending backoff, retries a failed pod, or restarts a running container. `202`.")
    @Post("/{id}/pods/{part}/{pod}/restart")
    @Secured(Role.USER_ROLE)
    public HttpResponse<Void> restart(UUID id, String part, String pod, Authentication caller) {
        access.requireSession(caller, id);
        sessions.podAction(id, part, pod, PodAction.Kind.RESTART);
        return HttpResponse.accepted();
    }

    /** The container's log as plain text, streamed; with {@code follow=true} it goes on as lines are written. */
    @Operation(operationId = "readPodLog", summary = "Read a pod's container log",
            description = "The log of the pod's current container, stdout and stderr interleaved, as `text/plain` "
            + "streamed from the engine of its host. `tail=N`: the last N lines only (`0`: none, with `follow` "
            + "only new lines); `since`: lines from an ISO-8601 instant or Unix seconds on; `follow=true`: the "
            + "answer stays open and each new line comes as it is written, until the container stops or the client "
            + "goes away. A pod without a container now is a `409`.")
    @Get(value = "/{id}/pods/{part}/{pod}/logs", produces = MediaType.TEXT_PLAIN)
    public Flux<byte[]> logs(UUID id, String part, String pod, @QueryValue @Nullable Integer tail,
            @QueryValue @Nullable String since, @QueryValue(defaultValue = "false") boolean follow, Authentication caller) {
        access.requireSession(caller, id);
        return logs.stream(part + "/" + pod, reads.pod(id, part, pod), tail, since, follow);
    }

    /** The Temporal history of the session's workflow, or of a part's with {@code ?part=}, oldest first. */
    @Operation(operationId = "readWorkflowHistory", summary = "Read the workflow's history",
            description = "The Temporal history of the session's workflow (its latest run), or of a part's with "
            + "`?part=`, oldest first: `{eventId, eventTime, eventType, detail}`. A workflow Temporal does not "
            + "have (a part not started yet) is a `404`. With the Temporal UI configured, a `Link` header points "
            + "at the workflow there.")
    @Get("/{id}/history")
    public HttpResponse<List<HistoryEventView>> history(UUID id, @QueryValue @Nullable String part,
            Authentication caller) {
        access.requireSession(caller, id);
        String workflowId = reads.workflowId(id, part);
        return links.to(HttpResponse.ok(histories.of(workflowId).stream().map(HistoryEventView::of).toList()),
                workflowId);
    }

    @Operation(operationId = "listSessionTransitions", summary = "List the session's transitions",
            description = "Every recorded status change of the session, its parts and its pods, oldest first: "
            + "`{occurredAt, kind, resource, from, to, reason, message, generation}`; with `since` (an instant, "
            + "such as the last `occurredAt` seen), only those after it.")
    @Get("/{id}/transitions")
    public List<TransitionView> sessionTransitions(UUID id, @QueryValue @Nullable Instant since, Authentication caller) {
        access.requireSession(caller, id);
        return reads.transitions(id, since).stream().map(TransitionView::of).toList();
    }
}
