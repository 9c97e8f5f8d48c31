-- The home dashboard's figures (issue 21) without scanning devices or history on a page load.
--
-- device_counts: per owner dealer and product, how many devices exist and how many are ONLINE, kept by
-- triggers on devices. A trigger does not update the count row itself (every presence batch would queue
-- on one dealer's row): it appends a change to device_count_changes, which the dashboard job folds into
-- device_counts every minute (modules/dashboard/counts.ts). A count is the row plus its unfolded changes.
create table device_counts (
  dealer_id bigint not null references dealers (id) on delete cascade,
  product_id bigint not null references products (id) on delete cascade,
  devices bigint not null default 0,
  online bigint not null default 0,
  primary key (dealer_id, product_id)
);
create table device_count_changes (
  dealer_id bigint not null,
  product_id bigint not null,
  devices integer not null,
  online integer not null
);
create index device_count_changes_dealer_idx on device_count_changes (dealer_id);

insert into device_counts (dealer_id, product_id, devices, online)
select dealer_id, product_id, count(*), count(*) filter (where status = 'ONLINE')
from devices group by dealer_id, product_id;

create function device_counts_inserted() returns trigger language plpgsql as $$
begin
  insert into device_count_changes (dealer_id, product_id, devices, online)
  select dealer_id, product_id, count(*), count(*) filter (where status = 'ONLINE')
  from new_rows group by dealer_id, product_id;
  return null;
end $$;

create function device_counts_deleted() returns trigger language plpgsql as $$
begin
  insert into device_count_changes (dealer_id, product_id, devices, online)
  select dealer_id, product_id, -count(*), -count(*) filter (where status = 'ONLINE')
  from old_rows group by dealer_id, product_id;
  return null;
end $$;

create function device_counts_updated() returns trigger language plpgsql as $$
begin
  insert into device_count_changes (dealer_id, product_id, devices, online) values
    (old.dealer_id, old.product_id, -1, case when old.status = 'ONLINE' then -1 else 0 end),
    (new.dealer_id, new.product_id, 1, case when new.status = 'ONLINE' then 1 else 0 end);
  return null;
end $$;

-- Inserts and deletes are counted once per statement (a million-row import is one grouped insert).
create trigger device_counts_insert after insert on devices
  referencing new table as new_rows for each statement execute function device_counts_inserted();
create trigger device_counts_delete after delete on devices
  referencing old table as old_rows for each statement execute function device_counts_deleted();
-- Only updates that change what is counted fire (the ingest's value writes set none of these columns).
create trigger device_counts_update after update of dealer_id, product_id, status on devices
  for each row when (
    old.dealer_id is distinct from new.dealer_id
    or old.product_id is distinct from new.product_id
    or (old.status = 'ONLINE') is distinct from (new.status = 'ONLINE')
  ) execute function device_counts_updated();

-- Daily device stat (spec section 3) per platform day and owner dealer, kept by the dashboard job: devices
-- added and activated that day, and the devices and ONLINE devices at its end (the job's last snapshot of
-- the day, taken every minute). The current day is read live; these rows serve the days before it.
create table daily_device_stat (
  dealer_id bigint not null references dealers (id) on delete cascade,
  stat_day date not null,
  added integer not null default 0,
  activated integer not null default 0,
  total integer not null default 0,
  online integer not null default 0,
  primary key (dealer_id, stat_day)
);
create index daily_device_stat_day_idx on daily_device_stat (stat_day);

-- The current day's activations (getDeviceAuditNum) by activation time; presence never writes activated_at.
create index devices_activated_idx on devices (activated_at) where activated_at is not null;
