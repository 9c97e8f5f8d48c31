-- Issue 18 item 4: every change of a device by a person (or by the device registering itself) is in the
-- device's operation log, written in the same transaction by the one writer of the device tables
-- (modules/device-writer). The log gains the registry actions (the list is the contract's OPERATION_ACTIONS)
-- and the fields each write changed, old and new (never a secret: a secret reset logs that it happened).
alter table device_operations drop constraint device_operations_action_check;
alter table device_operations add constraint device_operations_action_check
  check (action in ('setValues', 'activate', 'lock', 'unlock', 'move', 'import', 'repairFault', 'add', 'register', 'update', 'delete', 'disable', 'enable', 'resetSecret', 'allocateCustomer', 'bindSn', 'unbindSn', 'allocateMac', 'confirmMac', 'releaseMac', 'addChild', 'removeChild'));
-- [{ field, from, to }]: the contract's LOGGED_DEVICE_FIELDS.
alter table device_operations add column changes jsonb not null default '[]'::jsonb;
-- A deleted device's log stays (its deletion is its last entry): the entries keep the id of the device,
-- which identity columns never give out again.
alter table device_operations drop constraint device_operations_device_id_fkey;
