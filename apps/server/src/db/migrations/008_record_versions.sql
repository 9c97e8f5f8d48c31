-- Optimistic concurrency: every editable record carries a version that an edit sends back;
-- an edit whose version is stale is refused (ErrorCode.STALE_VERSION) instead of overwriting.
alter table dealers add column version integer not null default 1;
alter table members add column version integer not null default 1;
alter table roles add column version integer not null default 1;
alter table notices add column version integer not null default 1;
alter table products add column version integer not null default 1;
alter table protocols add column version integer not null default 1;
alter table protocol_points add column version integer not null default 1;
alter table thing_models add column version integer not null default 1;
