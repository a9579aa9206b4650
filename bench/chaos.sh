#!/usr/bin/env bash
# The kill -9 sweep: RUNS times (default 20), a mix of 10 sessions (RUNNING, rolled, deleted, two at
# their cleanup deadline) and the service killed with SIGKILL at a random moment among them, then
# started again; prints per run and in total: sessions converged, duplicate containers, orphans, lost
# or duplicated transitions, deadlines missed. Runs the packaged service and a Temporal server that keeps
# its history in a file as processes of their own, on a database of its own next to the tests' (from
# ./steward env).
# Usage: bench/chaos.sh [RUNS]
set -euo pipefail
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
run_test_main dev.steward.app.bench.ChaosSweep "$@"
