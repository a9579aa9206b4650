package dev.steward.app.support;

import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.annotation.ClientFilter;
import io.micronaut.http.annotation.RequestFilter;

/** Every HTTP client of a test's application context sends the tests' admin token, unless told otherwise. */
@ClientFilter(ClientFilter.MATCH_ALL_PATTERN)
public final class AdminTokenFilter {

    @RequestFilter
    void authorize(MutableHttpRequest<?> request) {
        TestTokens.authorized(request);
    }
}
