# The image localhost/busybox:latest, imported into an engine from the distribution's static busybox (no registry).
# shellcheck shell=bash

BUSYBOX_IMAGE=localhost/busybox:latest
ENGINE_API=/v1.41  # the Docker API version both Docker and Podman serve
IMPORT_DIR=""  # the import's scratch directory while it runs

remove_import_dir() { if [[ -n $IMPORT_DIR ]]; then rm -rf "$IMPORT_DIR"; fi; }
on_exit remove_import_dir

is_static_binary() {
  local out
  out=$(LC_ALL=C ldd "$1" 2>&1 || true)
  [[ $out == *"not a dynamic executable"* || $out == *"statically linked"* ]]
}

find_static_busybox() {
  local candidate
  for candidate in /bin/busybox /usr/bin/busybox; do
    if [[ -x $candidate ]] && is_static_binary "$candidate"; then echo "$candidate"; return; fi
  done
  return 1
}

image_status() { engine_curl "$ENGINE_API/images/$BUSYBOX_IMAGE/json" -o /dev/null -w '%{http_code}' --max-time 10; }

# Imports through the engine API (not a CLI), so it works the same on Docker and Podman.
import_busybox_image() {
  local busybox rootfs applet code
  busybox=$(find_static_busybox) || { install_packages busybox-static; busybox=$(find_static_busybox); } \
    || die "no static busybox found; install busybox-static"
  IMPORT_DIR=$(mktemp -d)
  rootfs=$IMPORT_DIR/rootfs
  mkdir -p "$rootfs/bin" "$rootfs/etc" "$rootfs/root" "$rootfs/tmp"
  chmod 1777 "$rootfs/tmp"
  cp "$busybox" "$rootfs/bin/busybox"
  for applet in $("$busybox" --list); do
    [[ $applet == busybox ]] || ln -s busybox "$rootfs/bin/$applet"
  done
  echo 'root:x:0:0:root:/root:/bin/sh' >"$rootfs/etc/passwd"
  echo 'root:x:0:' >"$rootfs/etc/group"
  tar --numeric-owner --owner=0 --group=0 -C "$rootfs" -cf "$IMPORT_DIR/rootfs.tar" .
  log "importing $BUSYBOX_IMAGE from $busybox through the engine API"
  # changes = CMD ["/bin/sh"], URL-encoded.
  code=$(engine_curl "$ENGINE_API/images/create?fromSrc=-&repo=localhost/busybox&tag=latest&changes=CMD%20%5B%22%2Fbin%2Fsh%22%5D" \
    -X POST -H 'Content-Type: application/x-tar' --data-binary "@$IMPORT_DIR/rootfs.tar" \
    -o "$IMPORT_DIR/response" -w '%{http_code}' --max-time 300) || code=000
  if [[ $code != 200 ]] || grep -q '"error"' "$IMPORT_DIR/response"; then
    cat "$IMPORT_DIR/response" >&2 || true
    die "importing $BUSYBOX_IMAGE failed (HTTP $code)"
  fi
  remove_import_dir
  IMPORT_DIR=""
}

ensure_busybox_image() {
  local code
  code=$(image_status) || die "the container engine at $DOCKER_HOST stopped answering"
  case $code in
    200) log "image $BUSYBOX_IMAGE: present" ;;
    404)
      import_busybox_image
      [[ $(image_status) == 200 ]] || die "$BUSYBOX_IMAGE is still missing after the import"
      log "image $BUSYBOX_IMAGE: imported" ;;
    *) die "the engine answered HTTP $code when asked for $BUSYBOX_IMAGE" ;;
  esac
}
