-- A device's part in an OTA task reaches its operation log (issue 23): joining a task, the task cancelled by a
-- person, and the upgrade's end (its final state). Each row of a task says whether its join and its end are
-- logged, so that every way a device joins (creation, continuous targeting, a 4G batch, a drafted rollback) and
-- every way it ends (its report, a timeout, the end time, auto-abort) is logged once, by the task's step
-- (modules/ota/device-log.ts). Rows from before this migration count as logged: their history is not rewritten.
alter table device_operations drop constraint device_operations_action_check;
alter table device_operations add constraint device_operations_action_check
  check (action in ('setValues', 'activate', 'lock', 'unlock', 'move', 'import', 'repairFault', 'add', 'register', 'update', 'delete', 'disable', 'enable', 'resetSecret', 'allocateCustomer', 'bindSn', 'unbindSn', 'allocateMac', 'confirmMac', 'releaseMac', 'addChild', 'removeChild', 'joinProject', 'leaveProject', 'upgradeFirmware', 'joinOtaTask', 'cancelOtaTask', 'endOtaTask'));

alter table ota_task_devices add column join_logged boolean not null default false;
alter table ota_task_devices add column end_logged boolean not null default false;
update ota_task_devices set join_logged = true, end_logged = true;
-- The step finds a task's rows still to log without reading the task's other rows.
create index ota_task_devices_unlogged_idx on ota_task_devices (task_id)
  where not join_logged or (not end_logged and state in ('succeeded', 'failed', 'timedOut', 'rejected', 'cancelled'));
