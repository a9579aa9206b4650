package dev.steward.app.api;

import dev.steward.app.auth.Role;
import dev.steward.app.auth.SessionAccess;
import dev.steward.app.session.SessionList;
import dev.steward.app.session.SessionService;
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
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.uri.UriBuilder;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import java.util.List;
import java.util.UUID;

/** Sessions over HTTP; off the event loop, because every call reaches PostgreSQL or Temporal. */
@Controller("/api/v1/sessions")
@ExecuteOn(TaskExecutors.BLOCKING)
@Secured(Role.VIEWER_ROLE)
public class SessionController {

    private final SessionService sessions;
    private final SessionAccess access;
    private final TemporalUiLinks links;

    public SessionController(SessionService sessions, SessionAccess access, TemporalUiLinks links) {
        this.sessions = sessions;
        this.access = access;
        this.links = links;
    }

    @Post
    @Secured(Role.USER_ROLE)
    public HttpResponse<SessionView> createSession(@Body @Nullable SessionSpec spec, Authentication caller) {
        SessionView created = sessions.create(access.ownSpec(caller, spec));
        return HttpResponse.created(created, UriBuilder.of("/api/v1/sessions").path(created.id().toString()).build());
    }

    @Get
    public SessionPage listSessions(@QueryValue @Nullable String owner, @QueryValue @Nullable SessionStatus status,
            @QueryValue(defaultValue = "0") int page, @QueryValue(defaultValue = "20") int size) {
        SessionList found = sessions.list(owner, status, page, size);
        return new SessionPage(found.items(), page, size, found.total());
    }

    @Get("/{id}")
    public HttpResponse<SessionView> getSession(UUID id) {
        return links.to(HttpResponse.ok(sessions.get(id)), WorkflowIds.session(id));
    }

    @Put("/{id}/desired-status")
    @Secured(Role.USER_ROLE)
    public HttpResponse<DesiredStatusChange> setDesiredStatus(UUID id, @Body @Nullable DesiredStatusRequest request,
            Authentication caller) {
        access.requireMayChange(caller, id);
        return HttpResponse.accepted().body(sessions.setDesiredStatus(id, request == null ? null : request.desiredStatus()));
    }

    @Delete("/{id}")
    @Secured(Role.USER_ROLE)
    public HttpResponse<DesiredStatusChange> deleteSession(UUID id, Authentication caller) {
        access.requireMayChange(caller, id);
        return HttpResponse.accepted().body(sessions.delete(id));
    }

    @Put("/{id}/timeslot")
    @Secured(Role.USER_ROLE)
    public HttpResponse<TimeslotChange> setTimeslot(UUID id, @Body @Nullable Timeslot timeslot,
            Authentication caller) {
        access.requireMayChange(caller, id);
        return HttpResponse.accepted().body(sessions.setTimeslot(id, timeslot));
    }

    @Post("/{id}/parts/{part}/retry")
    @Secured(Role.USER_ROLE)
    public HttpResponse<OperatorActionResult> retryPart(UUID id, String part, Authentication caller) {
        access.requireMayChange(caller, id);
        return HttpResponse.accepted().body(sessions.retryPart(id, part));
    }

    @Post("/{id}/reconcile")
    @Secured(Role.USER_ROLE)
    public HttpResponse<OperatorActionResult> reconcile(UUID id, Authentication caller) {
        access.requireMayChange(caller, id);
        return HttpResponse.accepted().body(sessions.reconcile(id));
    }

    @Put("/{id}/spec")
    @Secured(Role.USER_ROLE)
    public HttpResponse<SpecChange> updateSpec(UUID id, @Body @Nullable SessionSpec spec, Authentication caller) {
        access.requireMayChange(caller, id);
        return HttpResponse.accepted().body(new SpecChange(sessions.updateSpec(id, access.ownSpec(caller, spec))));
    }

    @Post("/{id}/pods/{part}/{pod}/reset-backoff")
    @Secured(Role.USER_ROLE)
    public HttpResponse<Void> resetBackoff(UUID id, String part, String pod, Authentication caller) {
        access.requireMayChange(caller, id);
        sessions.podAction(id, part, pod, PodAction.Kind.RESET_BACKOFF);
        return HttpResponse.accepted();
    }

    @Post("/{id}/pods/{part}/{pod}/restart")
    @Secured(Role.USER_ROLE)
    public HttpResponse<Void> restart(UUID id, String part, String pod, Authentication caller) {
        access.requireMayChange(caller, id);
        sessions.podAction(id, part, pod, PodAction.Kind.RESTART);
        return HttpResponse.accepted();
    }

    @Get("/{id}/transitions")
    public List<TransitionView> sessionTransitions(UUID id) {
        return sessions.transitions(id).stream().map(TransitionView::of).toList();
    }
}
