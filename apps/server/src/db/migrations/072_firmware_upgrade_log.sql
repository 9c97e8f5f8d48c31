-- The device operation log names a firmware upgrade (issue 23): the device's new software version, reported
-- by the device itself at the end of an over-the-air upgrade.
alter table device_operations drop constraint device_operations_action_check;
alter table device_operations add constraint device_operations_action_check
  check (action in ('setValues', 'activate', 'lock', 'unlock', 'move', 'import', 'repairFault', 'add', 'register', 'update', 'delete', 'disable', 'enable', 'resetSecret', 'allocateCustomer', 'bindSn', 'unbindSn', 'allocateMac', 'confirmMac', 'releaseMac', 'addChild', 'removeChild', 'joinProject', 'leaveProject', 'upgradeFirmware'));
