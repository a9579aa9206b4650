package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import java.time.Duration;

/**
 * Host health and engine connections ({@code steward.hosts}).
 *
 * @param unreachableAfter consecutive failed probes that make a host UNREACHABLE
 * @param probeTimeout how long a probe waits for the engine to connect and to answer
 * @param probeInterval how often each host's workflow probes its engine
 * @param lostAfter how long a host stays UNREACHABLE before its pods are placed on other hosts
 * @param secretDir where Kubernetes-style secrets named by {@code tls.secretRef} are mounted:
 *     {@code {secretDir}/{namespace}/{name}/ca.pem}, {@code cert.pem}, {@code key.pem}
 * @param localName the name the local engine is registered under when the service starts with no hosts
 * @param registerLocal whether the local engine is registered then; off where there is none (hosts are
 *     registered over the API, as in Kubernetes)
 */
@ConfigurationProperties("steward.hosts")
public record HostsConfig(int unreachableAfter, Duration probeTimeout, Duration probeInterval, Duration lostAfter,
        String secretDir, String localName, boolean registerLocal) {}
