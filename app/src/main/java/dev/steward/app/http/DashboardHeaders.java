package dev.steward.app.http;

import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * The dashboard's files load only what the service itself serves and are never framed: a page that
 * holds a bearer token runs no injected script, sends it nowhere else, and cannot be clicked through
 * from another site. The paths are the dashboard's, as {@code application.yml} opens them to anyone.
 */
@ServerFilter({"/", "/index.html", "/dashboard.*"})
public class DashboardHeaders {

    private static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self';"
            + " img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    @ResponseFilter
    public void secure(MutableHttpResponse<?> response) {
        response.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        // The browser takes each file as the type it is sent as, never as what its bytes look like.
        response.header("X-Content-Type-Options", "nosniff");
    }
}
