package dev.steward.app.temporal;

import dev.steward.contract.LogContext;
import io.temporal.common.interceptors.WorkflowInboundCallsInterceptor;
import io.temporal.common.interceptors.WorkflowInboundCallsInterceptorBase;
import io.temporal.common.interceptors.WorkflowOutboundCallsInterceptor;
import io.temporal.common.interceptors.WorkflowOutboundCallsInterceptorBase;
import io.temporal.workflow.Workflow;

/**
 * Every thread of a workflow (its method, its signal and update handlers, and the threads it starts
 * with {@code Async}) logs with the session, part or host its workflow id names ({@link LogContext}).
 * Only the log context changes: nothing here touches what the workflow decides.
 */
final class WorkflowCallContext extends WorkflowInboundCallsInterceptorBase {

    WorkflowCallContext(WorkflowInboundCallsInterceptor next) {
        super(next);
    }

    @Override
    public void init(WorkflowOutboundCallsInterceptor outbound) {
        super.init(new WorkflowOutboundCallsInterceptorBase(outbound) {
            @Override
            public Object newChildThread(Runnable runnable, boolean detached, String name) {
                return super.newChildThread(inContext(runnable), detached, name);
            }
        });
    }

    @Override
    public Object newWorkflowMethodThread(Runnable runnable, String name) {
        return super.newWorkflowMethodThread(inContext(runnable), name);
    }

    @Override
    public Object newCallbackThread(Runnable runnable, String name) {
        return super.newCallbackThread(inContext(runnable), name);
    }

    private static Runnable inContext(Runnable runnable) {
        return () -> {
            LogContext.enter(Workflow.getInfo().getWorkflowId());
            runnable.run();
        };
    }
}
