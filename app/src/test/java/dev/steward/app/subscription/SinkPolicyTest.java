package dev.steward.app.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which sinks the policy admits and the address a request then connects to. Without an allow-list, a sink
 * at a loopback, private or link-local address, or at a name that resolves to one ({@code localhost}), is
 * refused; with one, only sinks matching it are admitted, internal or not, and a public-looking sink that
 * matches none is refused before its name is even resolved. Nothing here leaves this machine.
 */
class SinkPolicyTest {

    private static final SinkPolicy PUBLIC_ONLY = new SinkPolicy(new SubscriptionsConfig(null));
    private static final SinkPolicy LOOPBACK_LISTED = new SinkPolicy(new SubscriptionsConfig(List.of("http://127.0.0.1:*")));

    @Test
    void internalSinksAreRefusedWithoutAnAllowList() {
        for (String sink : new String[] {"http://127.0.0.1:5432/", "http://127.0.0.2/", "http://[::1]:8080/x",
                "https://169.254.169.254/latest/meta-data/", "http://10.0.0.5/hook", "http://192.168.1.10/",
                "http://100.64.1.1/", "http://[fe80::1]/", "http://[fd00::1]/", "http://0.0.0.0:8080/",
                "http://[::ffff:127.0.0.1]/", "http://localhost:8080/api/v1/tokens"}) {
            SinkNotAllowed refused = assertThrows(SinkNotAllowed.class, () -> PUBLIC_ONLY.admit(URI.create(sink)), sink);
            assertTrue(refused.getMessage().contains("a sink must be a public address unless"
                    + " steward.subscriptions.allowed-sinks allows it"), refused.getMessage());
        }
    }

    @Test
    void anAllowListIsTheWholeList() throws SinkNotAllowed {
        assertEquals(InetAddress.getLoopbackAddress(), LOOPBACK_LISTED.admit(URI.create("http://127.0.0.1:8080/sink")));
        assertEquals(InetAddress.getLoopbackAddress(), LOOPBACK_LISTED.admit(URI.create("HTTP://127.0.0.1/sink")),
                "matched with its port written out");
        for (String sink : new String[] {"https://hooks.example.com/steward", "http://127.0.0.2:8080/",
                "http://localhost:8080/"}) {
            SinkNotAllowed refused = assertThrows(SinkNotAllowed.class, () -> LOOPBACK_LISTED.admit(URI.create(sink)));
            assertTrue(refused.getMessage().contains("steward.subscriptions.allowed-sinks permits [http://127.0.0.1:*]"),
                    refused.getMessage());
        }
    }
}
