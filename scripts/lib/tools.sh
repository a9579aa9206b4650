# Tools the tests need besides the JDK: kubectl, node and nginx for the manifest checks, debootstrap for the
# image check, Chromium and its chromedriver for the dashboard's browser test, the distribution
# registry, htpasswd and openssl for the private-registry test.
# shellcheck shell=bash

ensure_test_tools() {
  local missing=()
  have kubectl || missing+=(kubectl)
  { have node && have npm; } || missing+=(nodejs npm)
  have nginx || missing+=(nginx)
  have debootstrap || missing+=(debootstrap)
  { have chromium && have chromedriver; } || missing+=(chromium chromium-driver)
  have docker-registry || missing+=(docker-registry)
  have htpasswd || missing+=(apache2-utils)
  have openssl || missing+=(openssl)
  install_packages "${missing[@]}"
}
