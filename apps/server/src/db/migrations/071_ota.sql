-- Firmware upgrades over the air (issue 23): firmware files kept in the database (so every server instance
-- serves them), upgrade tasks and one row per device of a task. Runs on PostgreSQL 15 and PGlite.
create table ota_firmware (
  id bigint generated always as identity primary key,
  -- The OTA area (contract OTA_GENERATIONS): second-generation DTUs or 4G DTUs.
  generation text not null check (generation in ('second', 'fourG')),
  -- The company that uploaded it: it and its subtree may delete it; it, its subtree and its ancestors list it.
  dealer_id bigint not null references dealers (id) on delete cascade,
  product_id bigint not null references products (id) on delete cascade,
  type text not null check (type in ('mainboard', 'gateway')),
  name text not null,
  version text not null,
  software_code text not null,
  hardware_code text not null,
  supports_upgrade boolean not null,
  size integer not null check (size > 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  bytes bytea not null,
  uploaded_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index ota_firmware_dealer_idx on ota_firmware (generation, dealer_id, created_at desc);

create table ota_tasks (
  id bigint generated always as identity primary key,
  generation text not null check (generation in ('second', 'fourG')),
  dealer_id bigint not null references dealers (id) on delete cascade,
  -- A deleted firmware leaves its ended tasks (the upgrade records) with its name and version.
  firmware_id bigint references ota_firmware (id) on delete set null,
  firmware_name text not null,
  firmware_version text not null,
  rollback boolean not null default false,
  state text not null default 'running' check (state in ('running', 'finished', 'cancelled')),
  rate_per_minute integer not null check (rate_per_minute > 0),
  max_downloading integer not null check (max_downloading > 0),
  timeout_minutes integer not null check (timeout_minutes > 0),
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  ended_at timestamptz
);
create index ota_tasks_dealer_idx on ota_tasks (generation, dealer_id, created_at desc);
create index ota_tasks_running_idx on ota_tasks (id) where state = 'running';

-- One device of a task. Its id is the job id the device gets in the notify frame and echoes in its reports.
create table ota_task_devices (
  id bigint generated always as identity primary key,
  task_id bigint not null references ota_tasks (id) on delete cascade,
  device_id bigint not null references devices (id) on delete cascade,
  state text not null default 'queued' check (
    state in ('queued', 'deferred', 'notified', 'downloading', 'verifying', 'upgrading', 'succeeded', 'failed',
              'timedOut', 'rejected', 'cancelled')
  ),
  -- Why it was deferred (offline) or failed (the device's failure status).
  reason text,
  percent integer not null default 0 check (percent between 0 and 100),
  from_version text not null default '',
  to_version text not null,
  notified_at timestamptz,
  first_progress_at timestamptz,
  downloaded_at timestamptz,
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (task_id, device_id)
);
create index ota_task_devices_task_idx on ota_task_devices (task_id, state);
-- A device is in at most one open upgrade.
create unique index ota_task_devices_open_idx on ota_task_devices (device_id)
  where state in ('queued', 'deferred', 'notified', 'downloading', 'verifying', 'upgrading');
