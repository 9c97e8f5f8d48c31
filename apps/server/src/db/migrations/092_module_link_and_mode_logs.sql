-- The module communication log and the mode log (issue 22, console-spec section 2 "Logs"; what a DTU
-- reports: docs/device-protocol.md section 20). Both are partitioned by `day` (the UTC day the server
-- received the message) like the raw packets: the ingest makes each day's partition with theirs
-- (ingest/partitions/partitions.ts) and the retention job drops whole days older than each kind's setting.

-- Each change of the DTU-mainboard link a heartbeat reports (function 02, its link byte): up or down, and when.
create table module_link_log (
  day date not null,
  device_id bigint not null,
  at timestamptz not null,
  link boolean not null
) partition by range (day);
create index module_link_log_device_at on module_link_log (device_id, at desc);

-- Each change of the way a unit's messages reach the cloud: 'topic' (the DTU publishes on its own topic
-- dev/{code}/up) or 'interface' (a gateway reports it from its bus interface, on dev/{gatewayCode}/up);
-- `topic` is the topic the messages came on.
create table report_mode_log (
  day date not null,
  device_id bigint not null,
  at timestamptz not null,
  mode text not null check (mode in ('topic', 'interface')),
  topic text not null
) partition by range (day);
create index report_mode_log_device_at on report_mode_log (device_id, at desc);

alter table log_retention drop constraint log_retention_kind_check;
alter table log_retention add constraint log_retention_kind_check
  check (kind in ('apiCall', 'communication', 'operation', 'moduleLink', 'mode'));
insert into log_retention (kind) values ('moduleLink'), ('mode');
