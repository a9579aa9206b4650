package dev.steward.app.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which addresses reach the service's own machine or network: every internal range is named by its kind, an
 * IPv6 address carrying an IPv4 one is judged by that, and public addresses are none. Literals only: nothing
 * is resolved or reached.
 */
class InternalAddressesTest {

    @Test
    void everyInternalRangeIsNamed() {
        Map<String, String> internal = Map.ofEntries(
                Map.entry("127.0.0.1", "a loopback"), Map.entry("127.0.0.2", "a loopback"),
                Map.entry("::1", "a loopback"), Map.entry("10.1.2.3", "a private"), Map.entry("172.16.0.1", "a private"),
                Map.entry("172.31.255.254", "a private"), Map.entry("192.168.1.1", "a private"),
                Map.entry("100.64.0.1", "a shared (CGNAT)"), Map.entry("100.127.255.254", "a shared (CGNAT)"),
                Map.entry("169.254.169.254", "a link-local"), Map.entry("fe80::1", "a link-local"),
                Map.entry("fc00::1", "a unique-local"), Map.entry("fd12:3456::1", "a unique-local"),
                Map.entry("0.0.0.0", "an unspecified"), Map.entry("::", "an unspecified"),
                Map.entry("224.0.0.1", "a multicast"), Map.entry("ff02::1", "a multicast"),
                Map.entry("255.255.255.255", "a reserved"),
                Map.entry("::ffff:10.0.0.1", "a private"), Map.entry("::127.0.0.1", "a loopback"),
                Map.entry("64:ff9b::a9fe:a9fe", "a link-local"), Map.entry("2002:7f00:1::", "a loopback"));
        internal.forEach((address, kind) -> assertEquals(Optional.of(kind), InternalAddresses.kindOf(literal(address)),
                address));
    }

    @Test
    void publicAddressesAreNone() {
        for (String address : new String[] {"93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "169.255.0.1",
                "2001:db8::1", "2606:4700::1111", "64:ff9b::808:808"}) {
            assertEquals(Optional.empty(), InternalAddresses.kindOf(literal(address)), address);
        }
    }

    private static InetAddress literal(String address) {
        try {
            return InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new AssertionError(address, e);
        }
    }
}
