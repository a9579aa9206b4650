#!/usr/bin/env bash
# The kill -9 sweep: RUNS times (default 20), a mix of 10 sessions (RUNNING, rolled, deleted, two at
# their cleanup deadline) and the service killed with SIGKILL at a random moment among them, then
# started again; prints per run and in total: sessions converged, duplicate containers, orphans, lost
# or duplicated transitions, deadlines missed. Runs the packaged service and Temporal's test server as
# processes of their own, on a database of its own next to the tests' (from ./steward env).
# Usage: bench/chaos.sh [RUNS]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
eval "$(./steward env)"
# The service's jar, the Temporal server's jar, and the test classpath the sweep runs on.
mvn -B -q -pl app -am package dependency:build-classpath -DskipTests -Dmdep.includeScope=test \
    -Dmdep.outputFile=target/chaos.classpath
cd app
exec "$JAVA_HOME/bin/java" -cp "target/test-classes:target/classes:$(cat target/chaos.classpath)" \
    -Dlogback.configurationFile=src/test/resources/logback-test.xml \
    dev.steward.app.ChaosSweep "$@"
