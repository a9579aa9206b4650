package dev.steward.workflow.part;

import dev.steward.model.ExitInfo;
import dev.steward.model.PodSpec;
import dev.steward.model.Reason;
import dev.steward.model.ReconcileSettings;
import dev.steward.model.RestartPolicy;

/**
 * What happens after a pod's container exited: layers 2 and 3 of the retry table. Pure.
 *
 * @param action restart, complete or fail
 * @param reason a CamelCase word for the transition it causes
 * @param message the decision in words, with the settings that made it
 * @param restartAt for RESTART: workflow time in millis when to start again
 * @param restarts the pod's restart count after this decision
 * @param exponent the backoff exponent for the next exit: with the first restart immediate, the crashes
 *     in the stable window so far
 */
public record RestartDecision(Action action, String reason, String message, long restartAt, int restarts, int exponent) {

    public enum Action {
        RESTART,
        COMPLETE,
        FAIL
    }

    /** The exit word the API shows: OOMKilled, Completed (0) or Error. */
    public static ExitInfo exitOf(Integer exitCode, boolean oomKilled) {
        if (oomKilled) {
            return new ExitInfo(exitCode, Reason.EXIT_OOM_KILLED.code());
        }
        return new ExitInfo(exitCode, exitCode != null && exitCode == 0 ? Reason.EXIT_COMPLETED.code() : Reason.EXIT_ERROR.code());
    }

    /**
     * @param pod the pod's spec
     * @param settings backoff base, cap, stable window and crash-loop cap
     * @param exit how the container ended
     * @param restarts restarts so far
     * @param exponent the backoff exponent so far
     * @param ranMillis how long the container ran before it exited
     * @param now workflow time in millis
     */
    public static RestartDecision after(PodSpec pod, ReconcileSettings settings, ExitInfo exit, int restarts,
            int exponent, long ranMillis, long now) {
        boolean succeeded = Reason.EXIT_COMPLETED.is(exit.reason());
        String ended = describe(exit);
        if (pod.isJob() && succeeded) {
            return new RestartDecision(Action.COMPLETE, Reason.COMPLETED.code(), "the job " + ended, 0, restarts, exponent);
        }
        if (pod.restartPolicy() == RestartPolicy.NEVER || (pod.restartPolicy() == RestartPolicy.ON_FAILURE && succeeded)) {
            Action action = succeeded ? Action.COMPLETE : Action.FAIL;
            return new RestartDecision(action, exit.reason(),
                    "the container " + ended + "; restartPolicy " + policyWord(pod.restartPolicy()) + " does not restart it",
                    0, restarts, exponent);
        }
        int max = settings.maxRestarts();
        if (max > 0 && restarts >= max) {
            return new RestartDecision(Action.FAIL, Reason.CRASH_LOOP_BACK_OFF.code(), "the container " + ended + " after " + restarts
                    + " restarts; maxRestarts is " + max, 0, restarts, exponent);
        }
        boolean stable = ranMillis >= settings.stableWindow().toMillis();
        int n = stable ? 0 : exponent;
        String ran = "the container " + ended + " after running " + ranMillis / 1000 + " s; restart " + (restarts + 1);
        String reset = stable ? ", backoff reset by a run of at least " + settings.stableWindow().toSeconds() + " s" : "";
        // The first crash in the stable window restarts at once; the backoff applies from the second.
        if (n == 0) {
            return new RestartDecision(Action.RESTART, Reason.BACK_OFF.code(), ran
                    + " at once: the first crash in the stable window of " + settings.stableWindow().toSeconds() + " s"
                    + reset, now, restarts + 1, 1);
        }
        int power = n - 1;
        long delay = delayMillis(settings, power);
        return new RestartDecision(Action.RESTART, Reason.BACK_OFF.code(), ran + " in " + delay + " ms = min(base "
                + settings.backoffBase().toMillis() + " ms x 2^" + power + ", cap " + settings.backoffCap().toMillis()
                + " ms)" + reset, now + delay, restarts + 1, n + 1);
    }

    /** min(base·2ⁿ, cap), without overflow. */
    static long delayMillis(ReconcileSettings settings, int n) {
        long base = settings.backoffBase().toMillis();
        long cap = settings.backoffCap().toMillis();
        if (base == 0) {
            return 0;
        }
        if (n >= 62 || base > (cap >> Math.min(n, 62))) {
            return cap;
        }
        return Math.min(base << n, cap);
    }

    private static String describe(ExitInfo exit) {
        if (Reason.EXIT_OOM_KILLED.is(exit.reason())) {
            return "was killed for exceeding its memory limit (exit code " + exit.code() + ")";
        }
        return "exited with code " + exit.code();
    }

    private static String policyWord(RestartPolicy policy) {
        return policy.name().toLowerCase().replace('_', '-');
    }
}
