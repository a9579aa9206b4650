package dev.steward.app.api;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

@Produces(Problem.CONTENT_TYPE)
@Singleton
public class ApiExceptionHandler implements ExceptionHandler<ApiException, HttpResponse<Problem>> {

    @Override
    public HttpResponse<Problem> handle(HttpRequest request, ApiException exception) {
        return HttpResponse.<Problem>status(exception.status())
                .body(exception.toProblem())
                .contentType(Problem.MEDIA_TYPE);
    }
}
