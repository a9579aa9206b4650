package dev.steward.config;

import com.github.dockerjava.api.model.Capability;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.core.annotation.Nullable;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a pod's container may do on its host ({@code steward.pods.security}).
 *
 * @param capabilities the Linux capabilities every container keeps; it drops all others
 * @param allowedCapabilities the capabilities a pod may add ({@code addCapabilities}); any other is refused
 * @param hostPortAddress the host address a pod's {@code hostPort} is published on ({@code 0.0.0.0} for
 *     every address of the host)
 */
@ConfigurationProperties("steward.pods.security")
public record PodSecurityConfig(@Nullable List<String> capabilities, @Nullable List<String> allowedCapabilities,
        String hostPortAddress) {

    private static final Pattern IP_LITERAL = Pattern.compile("[0-9A-Fa-f:.]+");

    public PodSecurityConfig {
        capabilities = named(capabilities, "capabilities");
        allowedCapabilities = named(allowedCapabilities, "allowed-capabilities");
        if (!IP_LITERAL.matcher(hostPortAddress).matches()) {
            throw new ConfigurationException("steward.pods.security.host-port-address must be an IP address, not '"
                    + hostPortAddress + "'");
        }
    }

    /** The capabilities as engines take them. */
    public List<Capability> kept() {
        return capabilities.stream().map(Capability::valueOf).toList();
    }

    /** The list without blank entries (an empty setting), each entry a capability engines know. */
    private static List<String> named(@Nullable List<String> names, String setting) {
        List<String> given = names == null ? List.of() : names.stream().filter(n -> !n.isBlank()).toList();
        for (String name : given) {
            if (name.equals("ALL") || !isCapability(name)) {
                throw new ConfigurationException("steward.pods.security." + setting + ": '" + name
                        + "' is no Linux capability; capabilities are named without CAP_, as NET_BIND_SERVICE");
            }
        }
        return given;
    }

    private static boolean isCapability(String name) {
        try {
            Capability.valueOf(name);
            return true;
        } catch (IllegalArgumentException unknown) {
            return false;
        }
    }
}
