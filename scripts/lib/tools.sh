# Tools the tests need besides the JDK: kubectl and node for the manifest checks, debootstrap for the image check.
# shellcheck shell=bash

ensure_manifest_tools() {
  local missing=()
  have kubectl || missing+=(kubectl)
  { have node && have npm; } || missing+=(nodejs npm)
  have debootstrap || missing+=(debootstrap)
  install_packages "${missing[@]}"
}
