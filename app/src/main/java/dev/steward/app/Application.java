package dev.steward.app;

import io.micronaut.runtime.Micronaut;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Contact;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;
import io.swagger.v3.oas.annotations.servers.Server;
import io.swagger.v3.oas.annotations.tags.Tag;

@OpenAPIDefinition(
        info = @Info(title = "Steward", version = "v1",
                description = "Sessions of containers that exist during a timeslot, kept converged by Temporal workflows."
                        + " Every /api/v1 call carries a bearer token. Errors are application/problem+json; each type"
                        + " is a page under /problems.",
                contact = @Contact(name = "Steward maintainers")),
        servers = @Server(url = "/", description = "The service that serves this description"),
        security = @SecurityRequirement(name = "bearer"),
        // One tag per resource, in the order Swagger UI shows them; every operation carries its controller's.
        tags = {
            @Tag(name = "Sessions", description = "Sessions of containers in a timeslot: their specs, desired"
                    + " status, timeslot and spec changes, operator actions on parts and pods, pod logs, recorded"
                    + " transitions and workflow histories"),
            @Tag(name = "Status events", description = "Every recorded status change as a CloudEvent, streamed as"
                    + " server-sent events"),
            @Tag(name = "Subscriptions", description = "Sinks that status events are delivered to as CloudEvents,"
                    + " at least once and in order per session"),
            @Tag(name = "Hosts", description = "The container engines pods are placed on: registration,"
                    + " capacity, labels, drain and disable, health"),
            @Tag(name = "Statuses", description = "Every status and every reason Steward records, with its"
                    + " meaning"),
            @Tag(name = "Secrets", description = "Owners' key/values that pods' env takes values from; values"
                    + " go in and never come out"),
            @Tag(name = "Registry credentials", description = "Credentials for pulling images from private"
                    + " registries"),
            @Tag(name = "Tokens", description = "The API's bearer tokens and their roles"),
            @Tag(name = "Payload codec", description = "Decrypts and encrypts Steward's Temporal payloads for the"
                    + " Temporal UI (its codec server protocol)"),
            @Tag(name = "CloudEvents in", description = "The CloudEvents webhook: events that create, steer and"
                    + " end sessions, and what each did"),
            @Tag(name = "Event sources", description = "The senders allowed to post events, each with its token"),
            @Tag(name = "Triggers", description = "Which events start, steer or end sessions"),
            @Tag(name = "Problems", description = "What each problem type of an error answer means and how to"
                    + " fix it")
        })
@SecurityScheme(name = "bearer", type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "A token from POST /api/v1/tokens, or the admin token ./steward up writes to STEWARD_TOKEN_FILE")
public class Application {

    public static void main(String[] args) {
        // No banner: stdout carries log lines only (one JSON object a line with STEWARD_LOG_FORMAT=json).
        Micronaut.build(args).mainClass(Application.class).banner(false).start();
    }
}
