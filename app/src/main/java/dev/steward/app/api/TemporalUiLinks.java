package dev.steward.app.api;

import io.micronaut.context.annotation.Value;
import io.micronaut.http.MutableHttpResponse;
import io.temporal.client.WorkflowClient;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Links from Steward's resources to their workflows in the Temporal UI ({@code steward.temporal.ui-url},
 * {@code STEWARD_TEMPORAL_UI_URL}), sent as a {@code Link} header with {@code rel="temporal-workflow"};
 * nothing when the setting is empty.
 */
@Singleton
public class TemporalUiLinks {

    static final String REL = "temporal-workflow";

    private final String base;
    private final String namespace;

    @Inject
    public TemporalUiLinks(@Value("${steward.temporal.ui-url:}") String uiUrl, WorkflowClient temporal) {
        this(uiUrl, temporal.getOptions().getNamespace());
    }

    TemporalUiLinks(String uiUrl, String namespace) {
        this.base = uiUrl.endsWith("/") ? uiUrl.substring(0, uiUrl.length() - 1) : uiUrl;
        this.namespace = namespace;
    }

    /** The response, with a link to {@code workflowId}'s page in the Temporal UI when one is configured. */
    <T> MutableHttpResponse<T> to(MutableHttpResponse<T> response, String workflowId) {
        if (base.isBlank()) {
            return response;
        }
        String url = base + "/namespaces/" + encode(namespace) + "/workflows/" + encode(workflowId);
        return response.header("Link", "<" + url + ">; rel=\"" + REL + "\"");
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
