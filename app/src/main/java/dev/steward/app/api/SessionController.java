package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.auth.SessionAccess;
import dev.steward.app.http.ApiRoutes;
import dev.steward.app.session.IdempotentCreation;
import dev.steward.app.session.PodEndpoints;
import dev.steward.app.session.PodLogs;
import dev.steward.app.session.SessionList;
import dev.steward.app.session.SessionService;
import dev.steward.app.temporal.WorkflowHistories;
import dev.steward.contract.WorkflowIds;
import dev.steward.model.SessionSpec;
import dev.steward.model.SessionStatus;
import dev.steward.model.SessionView;
import dev.steward.model.Timeslot;
import dev.steward.workflow.part.PodAction;
import dev.steward.workflow.session.DesiredStatusChange;
import dev.steward.workflow.session.OperatorActionResult;
import dev.steward.workflow.session.TimeslotChange;
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
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;

/**
 * Sessions over HTTP; off the event loop, because every call reaches PostgreSQL or Temporal. Every route
 * under one session answers a token limited to another owner as if the session did not exist.
 */
@ApiResponse(responseCode = "4XX", description = "Refused, nothing changed: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiResponse(responseCode = "5XX", description = "Not done: a problem whose type is a page under /problems",
        content = @Content(mediaType = Problem.CONTENT_TYPE, schema = @Schema(implementation = Problem.class)))
@ApiRoutes
@Controller("/api/v1/sessions")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class SessionController {

    /** A client's key for a creation it may repeat: a repeat gets the session the first one made. */
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private final SessionService sessions;
    private final IdempotentCreation creation;
    private final SessionAccess access;
    private final TemporalUiLinks links;
    private final PodEndpoints endpoints;
    private final PodLogs logs;
    private final WorkflowHistories histories;

    public SessionController(SessionService sessions, IdempotentCreation creation, SessionAccess access,
            TemporalUiLinks links, PodEndpoints endpoints, PodLogs logs, WorkflowHistories histories) {
        this.sessions = sessions;
        this.creation = creation;
        this.access = access;
        this.links = links;
        this.endpoints = endpoints;
        this.logs = logs;
        this.histories = histories;
    }

    @Post
    @Secured(Role.USER_ROLE)
    public HttpResponse<SessionView> createSession(@Body @Nullable SessionSpec spec,
            @Header(IDEMPOTENCY_KEY) @Nullable String idempotencyKey, Authentication caller) {
        SessionView created = creation.create(access.ownSpec(caller, spec), idempotencyKey, caller.getName());
        return HttpResponse.created(created, UriBuilder.of("/api/v1/sessions").path(created.id().toString()).build());
    }

    /** The sessions of every owner, or of {@code owner}; a token limited to an owner lists its own only. */
    @Get
    public SessionPage listSessions(@QueryValue @Nullable String owner, @QueryValue @Nullable List<String> status,
            @QueryValue @Nullable String labelSelector, @QueryValue @Nullable String cursor,
            @QueryValue(defaultValue = "0") int page, @QueryValue(defaultValue = "20") int size, Authentication caller) {
        SessionList found = sessions.list(access.ownerFor(caller, owner, "sessions"),
                status == null ? List.of() : status, labelSelector, cursor, page, size);
        return new SessionPage(found.items(), page, size, found.total(), found.next());
    }

    /**
     * The session's whole tree. A pod whose reason is Pulling shows how far the pull of its image on
     * its host is in {@code pullProgress}: layers done of those announced, bytes done and, once the
     * engine has told every size, in all, and when the pull last wrote them; {@code null} otherwise.
     */
    @Get("/{id}")
    public HttpResponse<SessionView> getSession(UUID id, Authentication caller) {
        access.requireSession(caller, id);
        SessionView session = endpoints.fillIn(sessions.get(id));
        return links.to(HttpResponse.ok(session).header(HttpHeaders.ETAG, SessionService.etag(session.generation())),
                WorkflowIds.session(id));
    }

    @Put("/{id}/desired-status")
    @Secured(Role.USER_ROLE)
    public HttpResponse<DesiredStatusChange> setDesiredStatus(UUID id, @Body @Nullable DesiredStatusRequest request,
            Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(sessions.setDesiredStatus(id, request == null ? null : request.desiredStatus()));
    }

    @Delete("/{id}")
    @Secured(Role.USER_ROLE)
    public HttpResponse<DesiredStatusChange> deleteSession(UUID id, Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(sessions.delete(id));
    }

    @Put("/{id}/timeslot")
    @Secured(Role.USER_ROLE)
    public HttpResponse<TimeslotChange> setTimeslot(UUID id, @Body @Nullable Timeslot timeslot,
            @Header(HttpHeaders.IF_MATCH) @Nullable String ifMatch, Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(sessions.setTimeslot(id, timeslot, ifMatch));
    }

    @Post("/{id}/parts/{part}/retry")
    @Secured(Role.USER_ROLE)
    public HttpResponse<OperatorActionResult> retryPart(UUID id, String part, Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(sessions.retryPart(id, part));
    }

    @Post("/{id}/reconcile")
    @Secured(Role.USER_ROLE)
    public HttpResponse<OperatorActionResult> reconcile(UUID id, Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(sessions.reconcile(id));
    }

    @Put("/{id}/spec")
    @Secured(Role.USER_ROLE)
    public HttpResponse<SpecChange> updateSpec(UUID id, @Body @Nullable SessionSpec spec,
            @Header(HttpHeaders.IF_MATCH) @Nullable String ifMatch, Authentication caller) {
        access.requireSession(caller, id);
        return HttpResponse.accepted().body(new SpecChange(sessions.updateSpec(id, access.ownSpec(caller, spec), ifMatch)));
    }

    @Post("/{id}/pods/{part}/{pod}/reset-backoff")
    @Secured(Role.USER_ROLE)
    public HttpResponse<Void> resetBackoff(UUID id, String part, String pod, Authentication caller) {
        access.requireSession(caller, id);
        sessions.podAction(id, part, pod, PodAction.Kind.RESET_BACKOFF);
        return HttpResponse.accepted();
    }

    @Post("/{id}/pods/{part}/{pod}/restart")
    @Secured(Role.USER_ROLE)
    public HttpResponse<Void> restart(UUID id, String part, String pod, Authentication caller) {
        access.requireSession(caller, id);
        sessions.podAction(id, part, pod, PodAction.Kind.RESTART);
        return HttpResponse.accepted();
    }

    /** The container's log as plain text, streamed; with {@code follow=true} it goes on as lines are written. */
    @Get(value = "/{id}/pods/{part}/{pod}/logs", produces = MediaType.TEXT_PLAIN)
    public Flux<byte[]> logs(UUID id, String part, String pod, @QueryValue @Nullable Integer tail,
            @QueryValue @Nullable String since, @QueryValue(defaultValue = "false") boolean follow, Authentication caller) {
        access.requireSession(caller, id);
        return logs.stream(part + "/" + pod, sessions.pod(id, part, pod), tail, since, follow);
    }

    /** The Temporal history of the session's workflow, or of a part's with {@code ?part=}, oldest first. */
    @Get("/{id}/history")
    public HttpResponse<List<HistoryEventView>> history(UUID id, @QueryValue @Nullable String part,
            Authentication caller) {
        access.requireSession(caller, id);
        String workflowId = sessions.workflowId(id, part);
        return links.to(HttpResponse.ok(histories.of(workflowId).stream().map(HistoryEventView::of).toList()),
                workflowId);
    }

    @Get("/{id}/transitions")
    public List<TransitionView> sessionTransitions(UUID id, @QueryValue @Nullable Instant since, Authentication caller) {
        access.requireSession(caller, id);
        return sessions.transitions(id, since).stream().map(TransitionView::of).toList();
    }
}
