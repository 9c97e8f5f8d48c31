-- Device presence (issue 10): whether a device's MQTT connection is up, which connection it is, and the
-- history of its online/offline changes with their reason codes (spec section 8), for the device
-- behaviour screen. `status` stays the displayed deviceStatus: UNACTIVE until activated, then ONLINE or
-- OFFLINE following `connected`. `connection_id` names the live connection so that the late close of
-- a connection another one took over (427) cannot mark the newer one offline.
alter table devices add column connected boolean not null default false;
alter table devices add column connection_id text;
alter table devices add column connected_at timestamptz;
-- A disabled device is refused at sign-in (522) and dropped when disabled while connected.
alter table devices add column disabled boolean not null default false;

create table device_status_events (
  id bigint generated always as identity primary key,
  device_id bigint not null references devices (id) on delete cascade,
  connected boolean not null,
  -- 200 on connect; the offline reason code on disconnect.
  code integer not null,
  at timestamptz not null default now()
);
create index device_status_events_device_idx on device_status_events (device_id, at desc, id desc);
