package dev.steward.app.http.problem;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;

/**
 * Makes every problem's {@code type} absolute, against the address the client reached the service
 * at (its {@code Host}), so that the type is a page the client can open. First of all filters, so
 * its response filter sees every answer, the security filter's refusals included.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
public class ProblemTypeFilter implements Ordered {

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.before();
    }

    @ResponseFilter
    @SuppressWarnings("unchecked")
    public void resolveType(HttpRequest<?> request, MutableHttpResponse<?> response) {
        if (response.body() instanceof Problem problem) {
            ((MutableHttpResponse<Object>) response).body(problem.resolvedAgainst(base(request)));
        }
    }

    private static String base(HttpRequest<?> request) {
        String host = request.getHeaders().get(HttpHeaders.HOST);
        if (host == null || host.isBlank()) {
            host = request.getServerAddress().getHostString() + ":" + request.getServerAddress().getPort();
        }
        return (request.isSecure() ? "https://" : "http://") + host;
    }
}
