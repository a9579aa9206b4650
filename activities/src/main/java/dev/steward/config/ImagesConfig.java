package dev.steward.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * Where pods' images may come from ({@code steward.images}).
 *
 * @param allowedRegistries registry host patterns, {@code *} for any run of characters
 *     ({@code localhost}, {@code registry.example.com:5000}, {@code *.example.com}), matched against the
 *     registry of each image's fully qualified name ({@code busybox} is {@code docker.io/library/busybox});
 *     unset, every registry is allowed
 */
@ConfigurationProperties("steward.images")
public record ImagesConfig(@Nullable List<String> allowedRegistries) {}
