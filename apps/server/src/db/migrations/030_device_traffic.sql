-- Traffic per device and UTC day as the server saw it (issue 11, the IoT card's traffic log): bytes and
-- messages up (every message of a known device the ingest stored for the first time, refused ones too)
-- and down (commands the server sent). One upsert per ingest batch adds the batch's sums; a device's
-- row of the day is rewritten by every batch that carries it, so pages keep room for HOT updates.
-- Retention follows nothing: one small row per device and day.
create table device_traffic (
  device_id bigint not null references devices (id) on delete cascade,
  day date not null,
  bytes_up bigint not null default 0,
  packets_up bigint not null default 0,
  bytes_down bigint not null default 0,
  packets_down bigint not null default 0,
  primary key (device_id, day)
) with (fillfactor = 50);
