-- The device registry (issue 10, console-spec sections 3, 4 and 7): one row per IoT device, owned by a
-- dealer of the subtree. The per-device secret (the HMAC key of the device sign-in, docs/device-protocol.md
-- section 13) is kept encrypted with AES-256-GCM under DEVICE_SECRET_KEY (modules/devices/secret-box.ts):
-- iv (12 bytes) || tag (16 bytes) || ciphertext, never in plain text.
create table devices (
  id bigint generated always as identity primary key,
  -- The IoT code: the MQTT client id and topic segment, so topic-safe (isDeviceCode in @dcc/protocol).
  device_code text not null unique check (device_code ~ '^[A-Za-z0-9_-]{4,64}$'),
  device_name text not null,
  product_id bigint not null references products (id),
  -- Machine barcode; empty when unknown, unique otherwise (index below).
  sn text not null default '',
  model text not null default '',
  -- The owning dealer; a subtree sees the devices of its dealers (dealers.path).
  dealer_id bigint not null references dealers (id),
  -- Projects come with a later issue; no foreign key yet. (Fault state and review status come with the
  -- issues that define their values.)
  project_id bigint,
  status text not null default 'UNACTIVE' check (status in ('UNACTIVE', 'ONLINE', 'OFFLINE')),
  locked boolean not null default false,
  -- The important flag of the device list (isImportant).
  important boolean not null default false,
  activated_at timestamptz,
  warranty_until timestamptz,
  imei text not null default '',
  icc_id text not null default '',
  software_code text not null default '',
  software_version text not null default '',
  signal text check (signal in ('weak', 'moderate', 'strong')),
  -- Whether the DTU and the mainboard talk (null: never reported).
  dtu_link boolean,
  last_online_at timestamptz,
  offline_code integer,
  address text not null default '',
  secret_box bytea not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index devices_sn_uq on devices (sn) where sn <> '';
-- Device pages of a subtree read devices by dealer, newest first.
create index devices_dealer_created_idx on devices (dealer_id, created_at desc, id desc);
create index devices_created_idx on devices (created_at desc, id desc);
create index devices_product_idx on devices (product_id);
