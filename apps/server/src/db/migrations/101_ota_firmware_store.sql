-- Firmware files in an S3-compatible store when one is configured (issue 23): each firmware records where
-- its file is, so that firmware kept in the database before the store was configured is still served.
-- A file in S3 leaves bytes empty; one in the database keeps them there, as before.
alter table ota_firmware add column stored_in text not null default 'database' check (stored_in in ('database', 's3'));
alter table ota_firmware alter column bytes drop not null;
alter table ota_firmware add constraint ota_firmware_s3_bytes_elsewhere check (stored_in = 'database' or bytes is null);
