package dev.steward.app.support.hollow;

import java.util.regex.Pattern;

/**
 * One operation of the Docker Engine API a {@link HollowEngine} serves: method, path (without the
 * {@code /v1.xx} prefix) and the operation's name, by which {@link EngineFaults} targets it.
 */
public record HollowRoute(String method, Pattern path, String operation, HollowHandler handler) {

    static HollowRoute of(String method, String path, String operation, HollowHandler handler) {
        return new HollowRoute(method, Pattern.compile(path), operation, handler);
    }
}
