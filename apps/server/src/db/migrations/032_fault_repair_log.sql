-- A fault marked repaired in the console (deviceFault/repair) is written to the device's operation log
-- like every other action of a person on a device: the action 'repairFault' joins the log's actions
-- (migration 021; the list is the contract's OPERATION_ACTIONS).
alter table device_operations drop constraint device_operations_action_check;
alter table device_operations add constraint device_operations_action_check
  check (action in ('setValues', 'activate', 'lock', 'unlock', 'move', 'import', 'repairFault'));
