-- The device operation log by day (issue 22, retention): device_operations becomes partitioned by `day`
-- (the UTC day of created_at) like the communication log and the API call log, one partition per day,
-- so the log retention job drops whole days older than its setting (kind 'operation'), never row by row.
-- The writers (modules/device-commands/operation-log.ts) name the day and create a missing day's
-- partition before writing; the retention job makes today's and tomorrow's ahead.
--
-- The table is rebuilt with the same columns, defaults and checks (whatever earlier migrations made of
-- them: `like ... including constraints`), its rows copied into their days' partitions, and the ids kept:
-- a new sequence goes on after the highest.
alter table device_operations rename to device_operations_before_days;

create table device_operations (
  like device_operations_before_days including defaults including constraints,
  day date not null default ((now() at time zone 'UTC')::date)
) partition by range (day);

do $$
declare
  d date;
begin
  for d in select distinct (created_at at time zone 'UTC')::date from device_operations_before_days loop
    execute format(
      'create table %I partition of device_operations for values from (%L) to (%L)',
      'device_operations_' || to_char(d, 'YYYYMMDD'), d, d + 1
    );
  end loop;
end $$;

insert into device_operations
select o.*, (o.created_at at time zone 'UTC')::date from device_operations_before_days o;

drop table device_operations_before_days;

create sequence device_operations_id_seq owned by device_operations.id;
select setval('device_operations_id_seq', coalesce((select max(id) from device_operations), 0) + 1, false);
alter table device_operations alter column id set default nextval('device_operations_id_seq');

alter table device_operations add primary key (id, day);
create index device_operations_device_idx on device_operations (device_id, created_at desc, id desc);

-- The operation log's retention is a setting like the other logs' (default 180 days).
alter table log_retention drop constraint log_retention_kind_check;
alter table log_retention add constraint log_retention_kind_check check (kind in ('apiCall', 'communication', 'operation'));
insert into log_retention (kind) values ('operation');
