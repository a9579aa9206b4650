# syntax=docker/dockerfile:1
# The Steward service image: the Maven reactor built in one stage, the service run on a JRE in the
# next, as a non-root user. From the repository root:
#   docker build -t registry.example.com/steward/steward:0.1.0 .      (or: podman build ...)
# The base images are pinned by tag and digest; BUILD_IMAGE and RUNTIME_IMAGE replace them (for
# example with a mirror) and must stay a Maven 3.9+ on a JDK 25 and a Java 25 runtime.
ARG BUILD_IMAGE=docker.io/library/maven:3.9.11-eclipse-temurin-25-noble@sha256:407c4423cec0cf2981055bc2c6c0dc211d9605b6669279b95997f2d1c7e91e2c
ARG RUNTIME_IMAGE=docker.io/library/eclipse-temurin:25.0.3_9-jre-noble@sha256:2f1da100788559b397bcf48c736169ea5b070bde84e55f203bbee8e83d87a175

FROM ${BUILD_IMAGE} AS build
# Extra Maven arguments (Maven 3.9+ reads MAVEN_ARGS), e.g. "-o -Dmaven.repo.local.tail=/m2" for an
# offline build from a mounted repository.
ARG MAVEN_ARGS=""
WORKDIR /src
# The poms and sources of the modules, as .dockerignore lets them through.
COPY . .
RUN --mount=type=cache,target=/root/.m2 mvn -B --no-transfer-progress -DskipTests package

FROM ${RUNTIME_IMAGE}
WORKDIR /opt/steward
COPY --from=build /src/app/target/lib/ lib/
COPY --from=build /src/app/target/steward-app.jar steward-app.jar
# Any non-root user works; Kubernetes' runAsNonRoot needs it numeric.
USER 10001:10001
EXPOSE 8080
ENV STEWARD_LOG_FORMAT=json
# In a container the service listens on every address: the network is the container's own.
ENV MICRONAUT_SERVER_HOST=0.0.0.0
# Heap from the container's memory limit, not the node's; out of memory ends the process (the
# orchestrator restarts it) instead of leaving it half alive. The last two flags settle the JDK's
# warnings about sun.misc.Unsafe (protobuf) and native access (gRPC's netty) at every start.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:InitialRAMPercentage=50", "-XX:+ExitOnOutOfMemoryError", \
    "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", \
    "-jar", "/opt/steward/steward-app.jar"]
