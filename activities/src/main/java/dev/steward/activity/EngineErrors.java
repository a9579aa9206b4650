package dev.steward.activity;

import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import java.util.Locale;

/**
 * What an engine's error says, sorted: Docker and Podman answer the same trouble with other statuses
 * and words (a name taken is Docker's 409 and Podman's 500), so the activities read the message. One
 * place for every such reading.
 */
final class EngineErrors {

    private EngineErrors() {}

    /**
     * Whether a create failed because the name is taken. Docker answers 409; Podman 4.3 answers 500
     * with "the container name ... is already in use".
     */
    static boolean isNameConflict(DockerException e) {
        if (e instanceof ConflictException) {
            return true;
        }
        String message = lower(e);
        return message.contains("name") && message.contains("already in use");
    }

    /** Whether a create failed because the engine has not the image. */
    static boolean isImageMissing(DockerException e) {
        return e instanceof NotFoundException && lower(e).contains("no such image");
    }

    /**
     * Whether a create failed for a reason no retry cures that Podman reports as 500 rather than
     * Docker's 400: a malformed image reference, an invalid name.
     */
    static boolean isInvalidSpec(DockerException e) {
        String message = lower(e);
        return message.contains("invalid reference format") || message.contains("names must match");
    }

    /**
     * Whether a start failed because a host port it publishes is in use: Podman says "cannot listen on
     * the TCP port: ... address already in use", Docker "port is already allocated".
     */
    static boolean isHostPortTaken(DockerException e) {
        String message = lower(e);
        return message.contains("address already in use") || message.contains("port is already allocated");
    }

    /** Whether a remove failed because another remove of the same container is under way. */
    static boolean isRemovalInProgress(DockerException e) {
        String message = lower(e);
        return message.contains("already in progress")
                || message.contains("being removed")
                || message.contains("has already been removed")
                || message.contains("no such container");
    }

    /** Whether a container create failed because its network is gone (removed meanwhile with the last container). */
    static boolean isNetworkMissing(DockerException e) {
        String message = lower(e);
        return message.contains("network") && message.contains("not found");
    }

    /** Whether a network's create failed because it exists: Docker answers 409, Podman 500 "network already exists". */
    static boolean isAlreadyExisting(DockerException e) {
        return lower(e).contains("already");
    }

    /** Whether a network's inspect failed because there is none, as Podman answers with a 500. */
    static boolean isNotFound(DockerException e) {
        return lower(e).contains("not found");
    }

    /** Whether a network's removal failed because containers are on it: Docker "has active endpoints", Podman "network is being used". */
    static boolean isNetworkInUse(DockerException e) {
        String message = lower(e);
        return message.contains("being used") || message.contains("active endpoints");
    }

    /** Whether a network's removal failed because it is gone already. */
    static boolean isNetworkGone(DockerException e) {
        String message = lower(e);
        return message.contains("not found") || message.contains("no such network");
    }

    /** Whether a volume's removal failed because a container mounts it: Docker "volume is in use", Podman "volume is being used". */
    static boolean isVolumeInUse(DockerException e) {
        String message = lower(e);
        return message.contains("in use") || message.contains("being used");
    }

    /** The engine's message, for a failure's text; its class's name when it has none. */
    static String message(DockerException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
    }

    private static String lower(DockerException e) {
        return e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
    }
}
