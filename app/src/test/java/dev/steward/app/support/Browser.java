package dev.steward.app.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.function.Function;
import java.util.function.Predicate;
import org.openqa.selenium.By;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium, driven through its chromedriver (both installed by {@code ./steward test}),
 * with a profile of its own that is deleted on close; screenshots go to {@code target/screenshots}.
 */
public final class Browser implements AutoCloseable {

    static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final Path profile;
    private final ChromeDriver driver;

    public Browser() {
        try {
            profile = Files.createTempDirectory("steward-chromium");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions()
                .setBinary(CHROMIUM.toFile())
                .addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--window-size=1400,1000", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        driver = new ChromeDriver(service, options);
    }

    public WebDriver driver() {
        return driver;
    }

    public WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    /** Waits, polling the page, until {@code condition} holds; fails with what it waited for at the deadline. */
    public <T> T await(String what, Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, SessionApi.DEADLINE, Duration.ofMillis(200))
                .withMessage(what)
                .ignoring(NoSuchElementException.class)
                .ignoring(StaleElementReferenceException.class)
                .until(condition::apply);
    }

    /**
     * Waits until the page's text satisfies {@code shows} and returns it; at the deadline fails with the
     * text last seen and saves a screenshot named {@code failedScreenshot}. A page that shows
     * {@code reloadOn} is loaded again, as its reader would.
     */
    public String awaitText(String what, Predicate<String> shows, String reloadOn, String failedScreenshot) {
        String[] seen = {""};
        try {
            await(what, driver -> {
                seen[0] = driver.findElement(By.tagName("body")).getText();
                if (seen[0].contains(reloadOn)) {
                    driver.navigate().refresh();
                    return null;
                }
                return shows.test(seen[0]) ? seen[0] : null;
            });
            return seen[0];
        } catch (TimeoutException notShown) {
            Path screenshot = screenshot(failedScreenshot);
            throw new AssertionError(what + ": not shown within " + SessionApi.DEADLINE.toSeconds() + " s (screenshot "
                    + screenshot + "); the page showed:\n" + seen[0], notShown);
        }
    }

    /** Saves what the page shows now as {@code target/screenshots/{name}.png}. */
    public Path screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Path file = SCREENSHOTS.resolve(name + ".png");
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            deleteProfile();
        }
    }

    private void deleteProfile() {
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
