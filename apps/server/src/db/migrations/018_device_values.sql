-- The latest value of every point of a device (issue 10): one row per device, written by the ingest
-- pipeline with each report, read by commands (value ranges that reference other points, send
-- formulas) and by the device detail. `point_values` maps the point address (as text) to its value in
-- engineering units (null when the point's formula failed); `reported_at` is when each one came.
create table device_values (
  device_id bigint primary key references devices (id) on delete cascade,
  point_values jsonb not null default '{}'::jsonb,
  reported_at jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);
