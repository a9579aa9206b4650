-- The retention purge finds old rows by when they were recorded.
CREATE INDEX state_transitions_recorded_idx ON state_transitions (recorded_at);
CREATE INDEX host_transitions_occurred_idx ON host_transitions (occurred_at);
CREATE INDEX sessions_ended_idx ON sessions (updated_at) WHERE status IN ('DELETED', 'EXPIRED');
