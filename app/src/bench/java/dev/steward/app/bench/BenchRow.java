package dev.steward.app.bench;

/**
 * One line of the report's table: what was measured, next to its floor from the same run and the target.
 *
 * @param scenario 1 to 5
 * @param metric what was measured
 * @param measured the figure, with its unit
 * @param floor the floor measured in the same run, or "-"
 * @param target the target, or "-"
 * @param met whether the target is met; {@code null} when there is none to judge
 */
record BenchRow(int scenario, String metric, String measured, String floor, String target, Boolean met) {

    String verdict() {
        return met == null ? "-" : met ? "met" : "missed";
    }
}
