-- Event sources belong to an owner: the sessions their events create are that owner's, and their events
-- act on that owner's sessions only. NULL: an admin let the source act for every owner. Each source also
-- lists the Steward event types it may send and the triggers its events may fire.
ALTER TABLE event_sources ADD COLUMN owner TEXT;
ALTER TABLE event_sources ADD COLUMN types JSONB NOT NULL DEFAULT '[]';
ALTER TABLE event_sources ADD COLUMN triggers JSONB NOT NULL DEFAULT '[]';

-- A source from before gets the owner every source without one gets, its own name, and keeps driving
-- what it could: every Steward event type and every trigger there is now.
UPDATE event_sources SET owner = name,
    types = '["dev.steward.session.create", "dev.steward.session.desired-status", "dev.steward.session.timeslot",
              "dev.steward.session.delete"]',
    triggers = (SELECT COALESCE(jsonb_agg(name ORDER BY name), '[]') FROM triggers);

-- The owner the event's source acted for when it was accepted (NULL: every owner): whose sessions it
-- reaches, and whose tokens read it.
ALTER TABLE events ADD COLUMN owner TEXT;
UPDATE events SET owner = COALESCE((SELECT s.owner FROM event_sources s WHERE s.name = events.sender), sender);
CREATE INDEX events_by_owner ON events (owner, seq);
