package dev.steward.app.subscription;

import dev.steward.app.net.InternalAddresses;
import dev.steward.model.AllowList;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which sinks events may be sent to, so that whoever may subscribe cannot make the service reach its own
 * machine or network (its database, its own API, a cloud's metadata address): without
 * {@code steward.subscriptions.allowed-sinks}, a sink's host must resolve to public addresses only; with
 * it, a sink must match one of its patterns (and may then resolve to any address). Asked when a
 * subscription is written and again before every request to its sink, whose answer is the address that
 * request connects to, so a name that resolves elsewhere later is caught.
 */
@Singleton
public class SinkPolicy {

    private final AllowList allowed;

    public SinkPolicy(SubscriptionsConfig config) {
        this.allowed = new AllowList(config.allowedSinks() == null ? List.of() : config.allowedSinks());
    }

    /**
     * The address to send to {@code sink} at: the first its host resolves to.
     *
     * @param sink an absolute {@code http} or {@code https} URL with a host
     * @throws SinkNotAllowed when the policy refuses the sink, or its host does not resolve; the message
     *     says why
     */
    public InetAddress admit(URI sink) throws SinkNotAllowed {
        String host = sink.getHost();
        boolean listed = !allowed.isEmpty();
        if (listed && !allowed.allows(withPort(sink))) {
            throw new SinkNotAllowed("is not allowed: steward.subscriptions.allowed-sinks permits " + allowed
                    + " (matched against " + withPort(sink) + ")");
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            throw new SinkNotAllowed("has a host, " + host + ", that does not resolve");
        }
        if (!listed) {
            for (InetAddress address : addresses) {
                Optional<String> kind = InternalAddresses.kindOf(address);
                if (kind.isPresent()) {
                    throw new SinkNotAllowed("is not allowed: " + host + " is " + kind.get() + " address ("
                            + address.getHostAddress() + "); a sink must be a public address unless"
                            + " steward.subscriptions.allowed-sinks allows it");
                }
            }
        }
        return addresses[0];
    }

    /** {@code scheme://host:port/path?query}, the port written out, scheme and host in lower case. */
    static String withPort(URI sink) {
        return sink.getScheme().toLowerCase(Locale.ROOT) + "://" + sink.getHost().toLowerCase(Locale.ROOT) + ":"
                + portOf(sink) + sink.getRawPath() + (sink.getRawQuery() == null ? "" : "?" + sink.getRawQuery());
    }

    /** The sink's port, or its scheme's. */
    static int portOf(URI sink) {
        return sink.getPort() >= 0 ? sink.getPort() : sink.getScheme().equalsIgnoreCase("https") ? 443 : 80;
    }
}
