-- The device list of issue 11: the filter builder, favourites and the export (console-spec sections 3 and 5).

-- The device's division (GB/T 2260 province and city codes, '' when unknown) for the province-and-city filter;
-- the free-text address stays as it was.
alter table devices add column province_code text not null default '' check (province_code = '' or province_code ~ '^\d{2}0000$');
alter table devices add column city_code text not null default '' check (city_code = '' or city_code ~ '^\d{4}00$');
create index devices_city_created_idx on devices (city_code, created_at desc, id desc) where city_code <> '';

-- A product filter (a parameter filter always names one) reads the product's devices newest first.
-- No index holds status: presence rewrites it on every connect and disconnect, and an index on it would
-- make those updates non-HOT; status filters are checked on the rows an ordered scan reads.
create index devices_product_created_idx on devices (product_id, created_at desc, id desc);
-- Sorting by last online time (devices never online last); presence writes last_online_at when a device
-- comes online, so this index costs those updates their HOT path (docs/PERFORMANCE.md "Device list").
create index devices_last_online_idx on devices (last_online_at desc nulls last, id desc);

-- Fault filters: devices with an open fault of a code, or opened before/after a moment.
create index device_faults_open_code on device_faults (fault_code, device_id) where closed_at is null;
create index device_faults_open_time on device_faults (opened_at, device_id) where closed_at is null;

-- A user's favourite devices (collectionManage, M9001; the list's isImportant flag is the device's own).
create table device_favourites (
  user_id bigint not null references users (id) on delete cascade,
  device_id bigint not null references devices (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, device_id)
);
create index device_favourites_device on device_favourites (device_id);
