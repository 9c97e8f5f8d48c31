-- Telemetry (issue 10, ingest): point history, the raw packets of the communication log, faults and
-- refusal counters. Layout and figures: docs/ARCHITECTURE.md "Telemetry storage".
--
-- History and raw packets are partitioned by `day` (the UTC day the server received the message),
-- one partition per day created ahead by the ingest (ingest/partitions/partitions.ts) and dropped whole by the
-- retention job (HISTORY_RETENTION_DAYS). The idempotency key of a message is
-- (device_id, day, seq, digest): seq is the frame's sequence number (-1 for Alink JSON) and digest
-- the CRC-32 of the whole payload, so a QoS 1 redelivery of the same message on the same day is
-- stored once (`on conflict do nothing`); the key contains the partition key as PostgreSQL requires.

-- One row per stored frame (report, set reply, read answer, Alink property post): the addresses and
-- their values side by side (values in engineering units; null where the point's formula failed).
create table telemetry_history (
  day date not null,
  device_id bigint not null,
  at timestamptz not null,
  seq integer not null,
  digest integer not null,
  addresses integer[] not null,
  point_values double precision[] not null
) partition by range (day);
create unique index telemetry_history_key on telemetry_history (device_id, day, seq, digest);
create index telemetry_history_device_at on telemetry_history (device_id, at);

-- Every message of a known device as it came, for the communication log: refused ones too, with the reason.
create table raw_packets (
  day date not null,
  device_id bigint not null,
  at timestamptz not null,
  seq integer not null,
  digest integer not null,
  -- 'up' (device to server); commands log 'down' themselves.
  direction text not null default 'up' check (direction in ('up', 'down')),
  payload bytea not null,
  -- Frame function ('report', 'heartbeat', ...) or Alink method; null when refused.
  kind text,
  -- The refusal reason (a frame or alink error code, 'ingest.deviceMismatch', ...); null when stored.
  refusal text
) partition by range (day);
create unique index raw_packets_key on raw_packets (device_id, day, seq, digest, direction);
create index raw_packets_device_at on raw_packets (device_id, at desc);

-- Faults opened by fault-type points and closed when no longer active. Type from the level:
-- 3 heavy, 1-2 light, 0 statistics (docs/ARCHITECTURE.md "Telemetry storage").
create table device_faults (
  id bigint generated always as identity primary key,
  device_id bigint not null references devices (id) on delete cascade,
  address integer not null,
  fault_code text not null,
  level smallint not null,
  fault_type text not null check (fault_type in ('heavy', 'light', 'statistics')),
  opened_at timestamptz not null,
  closed_at timestamptz,
  repaired boolean not null default false
);
create unique index device_faults_open on device_faults (device_id, address, fault_code) where closed_at is null;
create index device_faults_device_opened on device_faults (device_id, opened_at desc);

-- Refused messages counted per device code and reason (aggregated: one row per pair, never one per frame).
create table ingest_refusals (
  device_code text not null,
  reason text not null,
  count bigint not null default 0,
  first_at timestamptz not null,
  last_at timestamptz not null,
  primary key (device_code, reason)
);
