package dev.steward.app.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.steward.app.auth.Role;
import dev.steward.app.support.AuthorizationRecorder;
import dev.steward.app.support.Browser;
import dev.steward.app.support.RawAnswer;
import dev.steward.app.support.RawHttp;
import dev.steward.app.support.SessionApiBase;
import dev.steward.app.support.Specs;
import dev.steward.app.support.TestTokens;
import dev.steward.model.SessionStatus;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;

/**
 * The dashboard in a real browser (Debian's headless Chromium through chromedriver, see {@link Browser}): it is
 * served at {@code /} while unknown paths stay problems. An operator pastes a token, finds the session in the
 * list, opens it, sees its pod {@code NOT_READY}, makes the readiness check pass inside the container and sees
 * {@code READY} on the same page (no reload), reads the pod's log, and pauses the session with the button until
 * it is {@code STOPPED}; every call the page made carried the token. With tokens made through
 * {@code POST /api/v1/tokens}, one session page shows a {@code VIEWER} the session and its pod without one action
 * button, tells a {@code USER} of another owner the session does not exist and shows nothing of it, and shows a
 * {@code USER} of the session's owner and the admin every button. Every dashboard file carries a
 * Content-Security-Policy and {@code nosniff}, and the browser reports nothing the policy refused. Its
 * screenshots are in {@code target/screenshots/} ({@code docs/dashboard.png} is one of them).
 */
@MicronautTest
class DashboardIT extends SessionApiBase {

    private static final String TOKEN = TestTokens.ADMIN;
    /** Every button that changes a session; Logs only reads. */
    private static final String ACTION_BUTTONS = "#pause, #resume, #reconcile, #delete, button.restart, "
            + "button.reset-backoff, button.retry";

    @Inject
    EmbeddedServer server;

    @Inject
    AuthorizationRecorder authorizations;

    @Test
    void theDashboardIsServedAtTheRootWhileUnknownPathsStayProblems() {
        RawHttp http = new RawHttp(server.getURL());
        RawAnswer root = http.get("/");
        assertEquals(200, root.status());
        assertTrue(root.contentType().startsWith("text/html"), root.contentType());
        assertTrue(root.body().contains("dashboard.js"), root.body());
        assertEquals(200, http.get("/dashboard.js").status());
        for (String file : List.of("/", "/index.html", "/dashboard.js", "/dashboard.css")) {
            RawAnswer served = http.get(file);
            String policy = served.header("Content-Security-Policy");
            assertTrue(policy != null && policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'")
                    && !policy.contains("unsafe-inline"), file + ": " + policy);
            assertEquals("nosniff", served.header("X-Content-Type-Options"), file);
        }
        RawAnswer unknown = http.get("/api/v1/no-such-thing");
        assertEquals(404, unknown.status());
        assertTrue(unknown.contentType().startsWith("application/problem+json"), unknown.contentType());
    }

    @Test
    void anOperatorWatchesAPodGetReadyAndPausesTheSession() throws IOException {
        // Ready once /tmp/ready exists: the test decides when, after the page shows the pod not ready.
        Map<String, Object> gate = Map.of("name", "gate", "image", Specs.BUSYBOX,
                "command", List.of("sh", "-c", "echo waiting for /tmp/ready; exec sleep 3600"),
                "readiness", Map.of("type", "exec", "command", List.of("test", "-f", "/tmp/ready"),
                        "intervalSeconds", 1));
        UUID id = api.create(Map.of("owner", "dashboard", "parts", List.of(Map.of("name", "app", "pods",
                List.of(gate))))).id();
        try (Browser browser = new Browser()) {
            browser.driver().get(server.getURL() + "/");
            // Whatever the page does from here on, the Content-Security-Policy lets it: the browser reports none refused.
            ((JavascriptExecutor) browser.driver()).executeScript("window.stewardRefused = [];"
                    + " document.addEventListener('securitypolicyviolation',"
                    + " e => window.stewardRefused.push(e.violatedDirective + ' ' + e.blockedURI))");
            browser.find("#token-input").sendKeys(TOKEN);
            browser.find("#token-save").click();
            assertEquals(TOKEN, ((JavascriptExecutor) browser.driver())
                    .executeScript("return sessionStorage.getItem('steward.token')"));

            browser.await("session " + id + " in the list", d -> browser.find("#sessions tr[data-id='" + id + "']"));
            browser.screenshot("sessions");
            browser.find("#sessions tr[data-id='" + id + "'] a").click();

            String podStatus = "tr[data-pod='app/gate'] .pod-status .status";
            browser.await("pod app/gate NOT_READY on the session page",
                    d -> "NOT_READY".equals(browser.find(podStatus).getText()));
            // A mark on this very page: it is still there after READY shows, so nothing reloaded it.
            ((JavascriptExecutor) browser.driver()).executeScript("window.stewardTestMark = 'same page'");
            engine.exec(engine.containersOf(id).getFirst().getId(), "touch", "/tmp/ready");
            browser.await("pod app/gate READY without a reload", d -> "READY".equals(browser.find(podStatus).getText()));
            assertEquals("same page", ((JavascriptExecutor) browser.driver())
                    .executeScript("return window.stewardTestMark"));
            browser.await("the transition to READY on the timeline",
                    d -> browser.find("#timeline").getText().contains("ReadinessPassed"));
            browser.await("the workflow history", d -> browser.find("#history-body").getText()
                    .contains("WorkflowExecutionStarted"));
            browser.find("tr[data-pod='app/gate'] button.logs").click();
            browser.await("the pod's log", d -> browser.find("#logs").getText().contains("waiting for /tmp/ready"));
            browser.screenshot("session");

            browser.await("the Pause button", d -> browser.find("#pause")).click();
            browser.await("session STOPPED after Pause",
                    d -> "STOPPED".equals(browser.find("#session-status .status").getText()));
            assertEquals("STOPPED", browser.find("#session-desired").getText());
            assertTrue(Files.size(browser.screenshot("session-stopped")) > 0);
            assertEquals(SessionStatus.STOPPED, api.get(id).status());
            // Every call the page made for this session, the pause and the log included, carried the token.
            List<AuthorizationRecorder.Seen> calls = authorizations.to(id.toString()).stream()
                    .filter(c -> c.userAgent() != null && c.userAgent().contains("Chrome")).toList();
            assertTrue(calls.stream().anyMatch(c -> c.path().endsWith("/desired-status"))
                    && calls.stream().anyMatch(c -> c.path().endsWith("/logs")), calls.toString());
            assertTrue(calls.stream().allMatch(c -> ("Bearer " + TOKEN).equals(c.authorization())), calls.toString());
            assertEquals(List.of(), ((JavascriptExecutor) browser.driver()).executeScript("return window.stewardRefused"));
        } finally {
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    @Test
    void onlyTokensThatMayActOnTheSessionSeeTheActionButtons() throws IOException {
        RawHttp http = new RawHttp(server.getURL());
        String run = UUID.randomUUID().toString().substring(0, 8);
        String owner = "dashboard-" + run;
        UUID id = api.create(Map.of("owner", owner, "parts", List.of(Specs.part("app", "a")))).id();
        List<String> tokenNames = new ArrayList<>();
        try (Browser browser = new Browser()) {
            String viewer = createToken(http, tokenNames, "viewer-" + run, Role.VIEWER, null);
            String ownUser = createToken(http, tokenNames, "own-user-" + run, Role.USER, owner);
            String otherUser = createToken(http, tokenNames, "other-user-" + run, Role.USER, "other-" + run);
            browser.driver().get(server.getURL() + "/#/sessions/" + id);

            useToken(browser, viewer, "VIEWER");
            assertNoActions(browser, "a VIEWER");
            browser.screenshot("session-viewer");
            useToken(browser, ownUser, "USER");
            assertActions(browser, "a USER of the session's owner");
            useToken(browser, otherUser, "USER");
            browser.await("a USER of another owner told the session does not exist, and shown nothing of it",
                    d -> browser.find("#flash").getText().contains("(404)")
                            && d.findElements(By.cssSelector("tr[data-pod='app/a']")).isEmpty()
                            && d.findElements(By.cssSelector(ACTION_BUTTONS)).isEmpty());
            useToken(browser, TOKEN, "ADMIN");
            assertActions(browser, "the admin");
        } finally {
            tokenNames.forEach(name -> assertEquals(204, http.delete("/api/v1/tokens/" + name).status()));
            api.delete(id);
            api.awaitStatus(id, SessionStatus.DELETED);
        }
    }

    /** Pastes the token and waits until the page shows its role. */
    private static void useToken(Browser browser, String token, String role) {
        browser.find("#token-input").sendKeys(token);
        browser.find("#token-save").click();
        browser.await("the role " + role + " by the token field",
                d -> role.equals(browser.find("#token-role .role").getAttribute("data-role")));
    }

    /** The session and its pod are shown, with Logs, and not one action button. */
    private static void assertNoActions(Browser browser, String who) {
        browser.await(who + " sees the session and its pod without any action button", d ->
                browser.find("#session-actions").getText().contains("may not act")
                        && browser.find("tr[data-pod='app/a'] button.logs").isDisplayed()
                        && d.findElements(By.cssSelector(ACTION_BUTTONS)).isEmpty());
    }

    private static void assertActions(Browser browser, String who) {
        browser.await(who + " sees the session's and the pod's action buttons", d ->
                browser.find("#pause").isDisplayed() && browser.find("#resume").isDisplayed()
                        && browser.find("#reconcile").isDisplayed() && browser.find("#delete").isDisplayed()
                        && browser.find("tr[data-pod='app/a'] button.restart").isDisplayed()
                        && browser.find("tr[data-pod='app/a'] button.reset-backoff").isDisplayed());
    }

    /** A token made through the API as the tests' admin; its name is kept, so the test deletes it. */
    private static String createToken(RawHttp http, List<String> names, String name, Role role, String owner) {
        names.add(name);
        return TestTokens.create(http, name, role, owner);
    }
}
