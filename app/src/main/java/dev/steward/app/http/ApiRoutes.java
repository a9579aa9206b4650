package dev.steward.app.http;

import io.micronaut.context.annotation.Requires;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a controller of Steward's API. A worker process ({@code steward.api.enabled: false}, as
 * {@code ./steward worker} runs one) has none of them: it serves health and metrics only.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Requires(property = "steward.api.enabled", notEquals = "false")
public @interface ApiRoutes {}
