package dev.steward.workflow;

import java.util.function.Supplier;

/**
 * An activity stub made on its first call. A stub reflects on its whole interface when it is made, and keeps
 * that for as long as its workflow is cached (2 to 4 KiB); a stub called only when something goes wrong, or
 * only at the end, need not cost every cached workflow that much.
 */
public final class LazyStub<T> implements Supplier<T> {

    private final Supplier<T> make;
    private T stub;

    /** @param make makes the stub, in the workflow's thread: {@code Workflow.newActivityStub(...)} */
    public LazyStub(Supplier<T> make) {
        this.make = make;
    }

    @Override
    public T get() {
        if (stub == null) {
            stub = make.get();
        }
        return stub;
    }
}
