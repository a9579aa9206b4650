#!/usr/bin/env bash
# Status events from transition to a local sink (p50, p99), events per second delivered, and POST -> RUNNING
# with and without subscriptions, measured in the same run.
# Usage: bench/delivery-benchmark.sh [--sessions N] [--subscriptions S]
set -euo pipefail
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
run_test_main dev.steward.app.DeliveryBenchmark "$@"
