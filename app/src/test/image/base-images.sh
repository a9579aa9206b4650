#!/usr/bin/env bash
# Makes the two base images the Dockerfile's RUNTIME_IMAGE and BUILD_IMAGE stand for, from Debian
# packages and a JDK on this machine, where no container registry can be reached: a Debian minbase
# root filesystem (debootstrap) with a Java runtime linked from the JDK (jlink) at /opt/java/openjdk,
# and the same root filesystem with the whole JDK and Maven (from Maven Central, its SHA-512
# checked) for the build stage. Images that exist already are kept.
#   base-images.sh JAVA_HOME RUNTIME_IMAGE BUILD_IMAGE
# Needs root (debootstrap), podman and curl; podman uses whatever CONTAINERS_CONF and
# CONTAINERS_STORAGE_CONF say, so the images land in the engine the caller names.
set -euo pipefail

readonly MAVEN_VERSION=3.9.11
readonly MAVEN_URL=https://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/$MAVEN_VERSION/apache-maven-$MAVEN_VERSION-bin.tar.gz
readonly DEBIAN_SUITE=bookworm
readonly DEBIAN_MIRROR=http://deb.debian.org/debian
readonly JAVA_DIR=opt/java/openjdk

java_home=$1 runtime_image=$2 build_image=$3
podman image exists "$runtime_image" && podman image exists "$build_image" && exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v debootstrap >/dev/null || { echo "debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
debootstrap --variant=minbase "$DEBIAN_SUITE" "$work/rootfs" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
mkdir -p "$work/rootfs/opt/java"

# Imports the root filesystem, with the Java at /opt/java/openjdk on the PATH, as image $1.
import_rootfs() {
  tar -C "$work/rootfs" -c . | podman import --quiet \
    --change "ENV JAVA_HOME=/$JAVA_DIR" \
    --change "ENV PATH=/$JAVA_DIR/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change 'CMD ["/bin/bash"]' - "$1" >/dev/null
}

# The runtime: every module of the JDK but the tools that cannot be linked and the incubating ones.
modules=$("$java_home/bin/java" --list-modules | sed 's/@.*//' | grep -v -e '^jdk\.jlink$' -e '^jdk\.jpackage$' \
  -e '^jdk\.incubator\.' | paste -sd,)
"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
  --output "$work/rootfs/$JAVA_DIR" >/dev/null
import_rootfs "$runtime_image"

rm -rf "${work:?}/rootfs/$JAVA_DIR"
cp -a "$java_home/." "$work/rootfs/$JAVA_DIR"
curl -fsSL -o "$work/maven.tar.gz" "$MAVEN_URL"
echo "$(curl -fsSL "$MAVEN_URL.sha512" | cut -d' ' -f1)  $work/maven.tar.gz" | sha512sum -c --quiet -
mkdir -p "$work/rootfs/opt/maven"
tar -C "$work/rootfs/opt/maven" --strip-components=1 -xzf "$work/maven.tar.gz"
ln -s /opt/maven/bin/mvn "$work/rootfs/usr/local/bin/mvn"
import_rootfs "$build_image"
