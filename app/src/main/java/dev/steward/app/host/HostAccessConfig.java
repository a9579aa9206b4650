package dev.steward.app.host;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * Where hosts may be registered ({@code steward.hosts.access}), see {@link HostEndpointPolicy}.
 *
 * @param allowedEndpoints endpoint patterns, {@code *} for any run of characters
 *     ({@code tcp://10.0.0.*:2376}); the service's own engine is always allowed
 * @param tlsDir the directory a host's TLS files ({@code tls.caPath}, ...) must lie under
 */
@ConfigurationProperties("steward.hosts.access")
public record HostAccessConfig(@Nullable List<String> allowedEndpoints, String tlsDir) {}
