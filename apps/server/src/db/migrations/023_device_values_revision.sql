-- Latest values written whole instead of merged in SQL (docs/ARCHITECTURE.md "Telemetry storage"):
-- the ingest reads a device's row with its revision, merges the batch's readings in memory and
-- replaces the row only if the revision is still the one it read (another instance may have written
-- in between; then it merges in SQL as before). The jsonb `||` merge of 50 keys cost three times the
-- replacement and was two thirds of the ingest's database time.
alter table device_values add column revision bigint not null default 0;
-- Every report rewrites its device's row (~1.5 kB): with full pages each rewrite was a new tuple on
-- another page and a new index entry (8% HOT updates, 60 MB of dead rows for 1,000 devices after 10 s).
-- Room in each page lets the rewrite stay on its page (a HOT update, no index entry) and lets pages
-- prune their dead versions themselves.
alter table device_values set (fillfactor = 25);
