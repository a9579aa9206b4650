#!/usr/bin/env bash
# Kills running pod containers through the engine and reports detection and repair times.
# Usage: bench/repair-benchmark.sh [--kills N] [--pods P] [--events on|off] [--resync 5s]
set -euo pipefail
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
run_test_main dev.steward.app.RepairBenchmark "$@"
