package dev.steward.app.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Addresses that reach the service's own machine or network rather than the public internet: loopback,
 * private (RFC 1918) and shared (CGNAT, 100.64/10), link-local, unique-local, unspecified, multicast and
 * reserved ranges. An IPv6 address that carries an IPv4 one (IPv4-compatible, NAT64, 6to4) is judged by
 * the IPv4 address it carries.
 */
public final class InternalAddresses {

    /** A range of addresses and what it is, in words. */
    private record Range(byte[] prefix, int bits, String kind) {

        boolean contains(byte[] address) {
            if (address.length != prefix.length) {
                return false;
            }
            for (int bit = 0; bit < bits; bit++) {
                int mask = 0x80 >>> (bit % 8);
                if ((address[bit / 8] & mask) != (prefix[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final List<Range> INTERNAL = List.of(
            range("0.0.0.0/8", "an unspecified"),
            range("10.0.0.0/8", "a private"),
            range("100.64.0.0/10", "a shared (CGNAT)"),
            range("127.0.0.0/8", "a loopback"),
            range("169.254.0.0/16", "a link-local"),
            range("172.16.0.0/12", "a private"),
            range("192.0.0.0/24", "a reserved"),
            range("192.168.0.0/16", "a private"),
            range("198.18.0.0/15", "a reserved"),
            range("224.0.0.0/4", "a multicast"),
            range("240.0.0.0/4", "a reserved"),
            range("::/128", "an unspecified"),
            range("::1/128", "a loopback"),
            range("fc00::/7", "a unique-local"),
            range("fe80::/10", "a link-local"),
            range("fec0::/10", "a site-local"),
            range("ff00::/8", "a multicast"));

    /** IPv6 addresses of {@code range} carry an IPv4 address from byte {@code ipv4At} on. */
    private record Carrier(Range range, int ipv4At) {}

    private static final List<Carrier> CARRYING_IPV4 = List.of(
            new Carrier(range("::/96", "IPv4-compatible"), 12),
            new Carrier(range("64:ff9b::/96", "NAT64"), 12),
            new Carrier(range("2002::/16", "6to4"), 2));

    private InternalAddresses() {}

    /** What kind of internal address {@code address} is ("a loopback"), or empty for a public one. */
    public static Optional<String> kindOf(InetAddress address) {
        byte[] bytes = address.getAddress();
        Optional<String> kind = INTERNAL.stream().filter(r -> r.contains(bytes)).map(Range::kind).findFirst();
        if (kind.isPresent() || bytes.length == 4) {
            return kind;
        }
        for (Carrier carrier : CARRYING_IPV4) {
            if (carrier.range().contains(bytes)) {
                return kindOf(ipv4(Arrays.copyOfRange(bytes, carrier.ipv4At(), carrier.ipv4At() + 4)));
            }
        }
        return Optional.empty();
    }

    private static Range range(String cidr, String kind) {
        int slash = cidr.indexOf('/');
        return new Range(literal(cidr.substring(0, slash)).getAddress(), Integer.parseInt(cidr.substring(slash + 1)),
                kind);
    }

    private static InetAddress literal(String address) {
        try {
            return InetAddress.getByName(address); // a literal: no lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(address, e);
        }
    }

    private static InetAddress ipv4(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
