-- A paused workflow keeps accepting runs, but its tasks are not assigned until it is unpaused.
ALTER TABLE workflows ADD COLUMN is_paused boolean NOT NULL DEFAULT false;
