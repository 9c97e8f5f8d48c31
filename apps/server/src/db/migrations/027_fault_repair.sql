-- faultDeviceManage (issue 11): a fault marked repaired by a person keeps who and when. A fault the device
-- stops reporting closes as repaired with no one named (repaired_by null, repaired_at null).
alter table device_faults add column repaired_at timestamptz;
alter table device_faults add column repaired_by bigint references users (id) on delete set null;
-- The name is copied so that the record still reads after the account is gone.
alter table device_faults add column repaired_by_name text not null default '';
-- The fault list of the subtree, newest first.
create index device_faults_opened on device_faults (opened_at desc, id desc);
