-- OTA rollout policy (issue 23): waves gated by the upgraded devices' health, a retry schedule, auto-abort,
-- a maintenance window, continuous targeting by filter until an end time, pause / resume, and rollback
-- drafts awaiting a person's confirmation. Runs on PostgreSQL 15 and PGlite.
alter table ota_tasks drop constraint ota_tasks_state_check;
alter table ota_tasks add constraint ota_tasks_state_check
  check (state in ('running', 'finished', 'cancelled', 'paused', 'awaitingConfirmation', 'aborted'));
alter table ota_tasks
  -- Cumulative shares of the devices (percent, ascending, the last 100) released wave by wave.
  add column waves integer[] not null default '{100}',
  add column wave_index integer not null default 0,
  -- When the current wave's devices all ended (its soak started); null while it runs.
  add column wave_ended_at timestamptz,
  add column health_gate boolean not null default false,
  add column soak_seconds integer not null default 3600 check (soak_seconds > 0),
  -- Percentage points the upgraded devices' fault or offline rate may exceed the not-upgraded ones'.
  add column health_margin integer not null default 5 check (health_margin between 0 and 100),
  -- Auto-abort when failed + timed out reach abort_percent of the ended devices after abort_min_devices ended.
  add column abort_percent integer not null default 100 check (abort_percent between 1 and 100),
  add column abort_min_devices integer not null default 10 check (abort_min_devices > 0),
  -- Seconds before each retry of a device whose download failed or timed out (one entry per retry).
  add column retry_seconds integer[] not null default '{}',
  -- Maintenance window in the platform zone, minutes after midnight; equal: all day.
  add column window_start integer not null default 0 check (window_start between 0 and 1440),
  add column window_end integer not null default 0 check (window_end between 0 and 1440),
  -- Continuous targeting: the filter whose matching devices join the task until end_at.
  add column filter jsonb,
  add column end_at timestamptz,
  -- Why a task is paused ('manual', 'healthGate'), and the health figures that paused it.
  add column pause_reason text,
  add column health jsonb,
  -- A rollback draft names the task whose upgrade it undoes; that task names its draft.
  add column source_task_id bigint references ota_tasks (id) on delete set null,
  add column product_id bigint references products (id) on delete set null;
drop index ota_tasks_running_idx;
create index ota_tasks_running_idx on ota_tasks (id) where state in ('running', 'paused');

alter table ota_task_devices
  -- Retries used so far, and when a device waiting for its retry may be notified again.
  add column attempts integer not null default 0,
  add column retry_at timestamptz;
