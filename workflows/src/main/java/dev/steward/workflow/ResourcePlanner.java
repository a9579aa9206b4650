package dev.steward.workflow;

/**
 * The decision side of one resource kind: from what the loop observed of a resource, what converges
 * it. Every workflow loop reads the same way (observe, ask its planner for a plan, act through its
 * collaborators, record, cascade), and only the planner knows the kind. A planner does no I/O,
 * keeps no state and calls no Temporal API, so it is a pure function that unit tests call directly.
 *
 * @param <O> what the loop observed: desired and observed state, and what else the kind's decision needs
 * @param <P> the plan: what to do, and the status to record
 */
public interface ResourcePlanner<O, P> {

    P plan(O observed);
}
