package dev.steward.app;

import io.micronaut.runtime.Micronaut;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;

@OpenAPIDefinition(
        info = @Info(title = "Steward", version = "v1",
                description = "Sessions of containers that exist during a timeslot, kept converged by Temporal workflows."
                        + " Errors are application/problem+json; each type is a page under /problems."),
        security = @SecurityRequirement(name = "bearer"))
@SecurityScheme(name = "bearer", type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "A token from POST /api/v1/tokens, or the admin token ./steward up writes to STEWARD_TOKEN_FILE")
public class Application {

    public static void main(String[] args) {
        // No banner: stdout carries log lines only (one JSON object a line with STEWARD_LOG_FORMAT=json).
        Micronaut.build(args).mainClass(Application.class).banner(false).start();
    }
}
