package dev.steward.app.support.hollow;

import java.io.IOException;

/** Serves one operation of a {@link HollowEngine}: reads the call and answers it. */
public interface HollowHandler {
    void serve(HollowCall call) throws IOException, InterruptedException;
}
