-- Whole-machine barcodes and MAC addresses of devices (issue 11: snBoundMgr B261, macMgr B263).

-- Who bound a device's barcode (devices.sn) and when: one row per bound device, from the console or a
-- factory PDA. devices.sn stays the barcode itself (unique when not empty, devices_sn_uq); unbinding
-- clears it and deletes the row.
create table device_sn_bindings (
  device_id bigint primary key references devices (id) on delete cascade,
  bound_by bigint references users (id) on delete set null,
  -- Kept as text so that the name survives the account's deletion.
  bound_by_name text not null default '',
  source text not null check (source in ('console', 'pda')),
  bound_at timestamptz not null default now()
);

-- The MAC addresses a company holds for its devices' modules, and their allocation (spec section 4):
-- undistributed (free) -> occupied (reserved for a device) -> succeeded (the assignment is confirmed);
-- releasing returns it to undistributed. A MAC is written 'AA:BB:CC:DD:EE:FF' and unique everywhere
-- (hardware addresses are global); a device holds at most one.
create table device_macs (
  id bigint generated always as identity primary key,
  mac text not null unique check (mac ~ '^([0-9A-F]{2}:){5}[0-9A-F]{2}$'),
  owner_dealer_id bigint not null references dealers (id),
  state text not null default 'undistributed' check (state in ('undistributed', 'occupied', 'succeeded')),
  device_id bigint unique references devices (id) on delete set null,
  occupied_at timestamptz,
  succeeded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((state = 'undistributed') = (device_id is null))
);
create index device_macs_owner_created_idx on device_macs (owner_dealer_id, created_at desc, id desc);

-- A deleted device gives its MAC back: the foreign key's set null arrives here as an update.
create function device_macs_free_on_device_delete() returns trigger language plpgsql as $$
begin
  if new.device_id is null and new.state <> 'undistributed' then
    new.state := 'undistributed';
    new.occupied_at := null;
    new.succeeded_at := null;
    new.updated_at := now();
  end if;
  return new;
end
$$;
create trigger device_macs_free_on_device_delete before update on device_macs
  for each row execute function device_macs_free_on_device_delete();
