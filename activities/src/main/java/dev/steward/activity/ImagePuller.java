package dev.steward.activity;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.PullImageCmd;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.model.AuthConfig;
import com.github.dockerjava.api.model.PullResponseItem;
import dev.steward.contract.ContainerActivities;
import dev.steward.contract.ImagePullProgress;
import dev.steward.contract.ImagePullResult;
import io.micronaut.core.annotation.Nullable;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pulls images onto one engine, one pull per image however many ask at once, reporting progress
 * every second while it runs (to the caller, and to {@link ImagePullReports} for the API). What the registry says decides the failure: a refusal (no such image,
 * credentials refused) is {@link ContainerActivities#IMAGE_PULL_REFUSED}, anything else the registry
 * or the way to it does is {@link ContainerActivities#IMAGE_PULL_UNAVAILABLE}. An engine that does
 * not answer fails as engine calls do.
 */
final class ImagePuller {

    private static final Logger LOG = LoggerFactory.getLogger(ImagePuller.class);
    private static final long PROGRESS_EVERY_MS = 1000;
    /** What registries answer when the image or the access to it is refused; no retry changes it. */
    private static final List<String> REFUSALS = List.of("manifest unknown", "name unknown", "not found",
            "unauthorized", "authentication required", "denied", "invalid reference format", "does not exist");

    private final Supplier<DockerClient> engine;
    private final Function<String, AuthConfig> auths;
    private final ImagePullReports reports;
    private final Map<String, CompletableFuture<ImagePullResult>> underWay = new ConcurrentHashMap<>();

    /**
     * @param auths the credentials for an image, {@code null} for none
     * @param reports where the pulls this puller makes write how far they are, for the API
     */
    ImagePuller(Supplier<DockerClient> engine, Function<String, AuthConfig> auths, ImagePullReports reports) {
        this.engine = engine;
        this.auths = auths;
        this.reports = reports;
    }

    /** Pulls the image, or joins the pull of it under way; {@code progress} hears how far it is every second. */
    ImagePullResult pull(String image, Consumer<ImagePullProgress> progress) {
        CompletableFuture<ImagePullResult> mine = new CompletableFuture<>();
        CompletableFuture<ImagePullResult> running = underWay.putIfAbsent(image, mine);
        if (running != null) {
            LOG.debug("joining the pull of {} under way", image);
            return await(running, () -> progress.accept(new ImagePullProgress(0, 0, 0, null)));
        }
        try {
            ImagePullResult result = pullNow(image, progress);
            mine.complete(result);
            return result;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            underWay.remove(image, mine);
        }
    }

    private ImagePullResult pullNow(String image, Consumer<ImagePullProgress> progress) {
        long started = System.nanoTime();
        Layers layers = new Layers();
        PullImageCmd cmd = engine.get().pullImageCmd(tagged(image));
        AuthConfig auth = auths.apply(image);
        if (auth != null) {
            cmd = cmd.withAuthConfig(auth);
        }
        LOG.info("pulling {}{}", image, auth == null ? "" : " with the credentials of " + auth.getRegistryAddress());
        // Written from the start, so that what an earlier pull left (a worker that died) is not shown.
        reports.progress(image, layers.progress());
        // Waited for on a latch of its own: the callback's timed await closes the stream when it times out.
        try (Layers.Callback callback = cmd.exec(layers.new Callback())) {
            while (!layers.finished.await(PROGRESS_EVERY_MS, TimeUnit.MILLISECONDS)) {
                ImagePullProgress now = layers.progress();
                progress.accept(now);
                reports.progress(image, now);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pulling " + image, e);
        } catch (IOException e) {
            throw new IllegalStateException("closing the pull of " + image + " failed", e);
        } finally {
            reports.ended(image);
        }
        if (layers.failure instanceof DockerException e) {
            throw failure(image, EngineErrors.message(e), e);
        }
        if (layers.failure != null) {
            throw layers.failure instanceof RuntimeException r ? r : new IllegalStateException(layers.failure);
        }
        if (layers.error != null) {
            throw failure(image, layers.error, null);
        }
        ImagePullProgress done = layers.progress();
        double seconds = (System.nanoTime() - started) / 1e9;
        LOG.info("pulled {}: {} layers, {} bytes in {} s", image, done.layers(), done.bytesDone(), seconds);
        return new ImagePullResult(image, done.layers(), done.bytesDone(), seconds);
    }

    /**
     * The reference with its tag: one without tag or digest means {@code latest}, as it does for create,
     * where the pull API would take it for every tag of the repository.
     */
    static String tagged(String image) {
        if (image.contains("@")) {
            return image;
        }
        return image.indexOf(':', image.lastIndexOf('/') + 1) >= 0 ? image : image + ":latest";
    }

    private static ImagePullResult await(CompletableFuture<ImagePullResult> pull, Runnable whileWaiting) {
        while (true) {
            try {
                return pull.get(PROGRESS_EVERY_MS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillPulling) {
                whileWaiting.run();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a pull", e);
            }
        }
    }

    private static ApplicationFailure failure(String image, String message, @Nullable Throwable cause) {
        String text = "pulling " + image + ": " + message;
        if (isRefusal(message)) {
            LOG.warn("registry refused {}", text);
            return ApplicationFailure.newNonRetryableFailureWithCause(message, ContainerActivities.IMAGE_PULL_REFUSED, cause);
        }
        LOG.warn("registry unavailable: {}", text);
        return ApplicationFailure.newFailureWithCause(message, ContainerActivities.IMAGE_PULL_UNAVAILABLE, cause);
    }

    /** Whether the registry refused the image or its credentials, as opposed to being out of reach or failing. */
    static boolean isRefusal(String message) {
        String lower = message.toLowerCase(Locale.ROOT);
        return REFUSALS.stream().anyMatch(lower::contains);
    }

    /** The layers a pull reported so far; written by the callback's thread, read by the activity's (and by tests). */
    static final class Layers {

        private final Set<String> seen = new HashSet<>();
        private final Set<String> done = new HashSet<>();
        private final Map<String, Long> bytes = new ConcurrentHashMap<>();
        /** The size of each layer whose download the engine reported with one. */
        private final Map<String, Long> sizes = new ConcurrentHashMap<>();
        private final CountDownLatch finished = new CountDownLatch(1);
        /** What the registry said went wrong, in the stream. */
        private volatile String error;
        /** What ended the stream before it completed: an engine's error status, a broken connection. */
        private volatile Throwable failure;

        synchronized ImagePullProgress progress() {
            // A done layer counts its whole size: the last progress the engine sent of it may fall short.
            long bytesDone = seen.stream().mapToLong(id -> done.contains(id) && sizes.containsKey(id) ? sizes.get(id)
                    : bytes.getOrDefault(id, 0L)).sum();
            return new ImagePullProgress(done.size(), seen.size(), bytesDone, bytesTotal());
        }

        /**
         * The bytes to download, known once every layer not done has told its size: a done layer counts
         * what it downloaded (nothing when it was already there).
         */
        private Long bytesTotal() {
            if (seen.isEmpty() || seen.stream().anyMatch(id -> !done.contains(id) && !sizes.containsKey(id))) {
                return null;
            }
            return seen.stream().mapToLong(id -> done.contains(id) && !sizes.containsKey(id)
                    ? bytes.getOrDefault(id, 0L) : sizes.get(id)).sum();
        }

        synchronized void add(PullResponseItem item) {
            if (item.isErrorIndicated()) {
                error = item.getErrorDetail() != null && item.getErrorDetail().getMessage() != null
                        ? item.getErrorDetail().getMessage() : item.getError();
                return;
            }
            String id = item.getId();
            String status = item.getStatus() == null ? "" : item.getStatus().toLowerCase(Locale.ROOT);
            if (id == null || status.startsWith("pulling from") || status.contains("digest") || status.contains("status")) {
                return;
            }
            seen.add(id);
            if (status.contains("complete") || status.contains("already exists")) {
                done.add(id);
            }
            if (status.startsWith("downloading") && item.getProgressDetail() != null) {
                if (item.getProgressDetail().getCurrent() != null) {
                    bytes.put(id, item.getProgressDetail().getCurrent());
                }
                Long size = item.getProgressDetail().getTotal();
                if (size != null && size > 0) {
                    sizes.put(id, size);
                }
            }
        }

        final class Callback extends ResultCallback.Adapter<PullResponseItem> {
            @Override
            public void onNext(PullResponseItem item) {
                add(item);
            }

            @Override
            public void onError(Throwable throwable) {
                failure = throwable;
                finished.countDown();
                super.onError(throwable);
            }

            @Override
            public void onComplete() {
                finished.countDown();
                super.onComplete();
            }
        }
    }
}
