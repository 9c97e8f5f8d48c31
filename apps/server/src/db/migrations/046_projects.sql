-- Projects (issue 21, console-spec sections 2-5 and 7): installation sites owned by a dealer of a subtree,
-- their photos in seven groups, their audit (projectCheckState 0 not submitted, 1 pending, 2 passed,
-- 3 rejected) with its records, and the devices in them (a device in at most one project).
create table projects (
  id bigint generated always as identity primary key,
  dealer_id bigint not null references dealers (id),
  name text not null,
  -- N ordinary, Y centrally controlled.
  is_cen_control text not null check (is_cen_control in ('N', 'Y')),
  -- The contract's PROJECT_TYPES and PROJECT_APPLICATIONS (checked by the calls).
  type text not null,
  area numeric(12, 2) not null check (area > 0),
  province_code text not null check (province_code ~ '^\d{2}0000$'),
  address text not null,
  user_name text not null,
  user_phone text not null,
  application text not null,
  longitude double precision not null check (longitude between -180 and 180),
  latitude double precision not null check (latitude between -90 and 90),
  check_state smallint not null default 0 check (check_state between 0 and 3),
  check_submitted_at timestamptz,
  reject_reason text not null default '',
  -- The follow flag (isImportant): followed projects are the home page's key projects.
  important boolean not null default false,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The project list of a subtree reads projects by dealer, newest first.
create index projects_dealer_created_idx on projects (dealer_id, created_at desc, id desc);
create index projects_created_idx on projects (created_at desc, id desc);

create table project_photos (
  id bigint generated always as identity primary key,
  project_id bigint not null references projects (id) on delete cascade,
  -- The contract's PROJECT_PHOTO_GROUPS.
  photo_group text not null,
  upload_id uuid not null references uploads (id) on delete cascade,
  -- The upload's URL, /uploads/<id>.<ext>, as image fields hold it.
  url text not null,
  created_at timestamptz not null default now(),
  unique (project_id, photo_group, upload_id)
);
create index project_photos_project_idx on project_photos (project_id, photo_group, id);
create index project_photos_url_idx on project_photos (url);

-- Who moved a project's audit from which state to which, when, and why (a rejection's reason).
create table project_audits (
  id bigint generated always as identity primary key,
  project_id bigint not null references projects (id) on delete cascade,
  from_state smallint not null check (from_state between 0 and 3),
  to_state smallint not null check (to_state between 0 and 3),
  reason text not null default '',
  operator_id bigint references users (id) on delete set null,
  operator_name text not null default '',
  created_at timestamptz not null default now()
);
create index project_audits_project_idx on project_audits (project_id, created_at desc, id desc);
-- getProjectAuditNum counts passed audits by day.
create index project_audits_passed_idx on project_audits (created_at) where to_state = 2;

-- A device is in at most one project (the column exists since migration 017, without a key until now).
update devices set project_id = null where project_id is not null and project_id not in (select id from projects);
alter table devices add constraint devices_project_fk foreign key (project_id) references projects (id);
create index devices_project_idx on devices (project_id) where project_id is not null;
-- Activated without skipping the audit: the project's passed audit activates it.
alter table devices add column awaiting_audit boolean not null default false;

-- Which products are temperature/humidity sensors (a centralized controller is products.central_control).
alter table products add column th_sensor boolean not null default false;

-- The device operation log names joining and leaving a project and the audit's activation.
alter table device_operations drop constraint device_operations_action_check;
alter table device_operations add constraint device_operations_action_check
  check (action in ('setValues', 'activate', 'lock', 'unlock', 'move', 'import', 'repairFault', 'add', 'register', 'update', 'delete', 'disable', 'enable', 'resetSecret', 'allocateCustomer', 'bindSn', 'unbindSn', 'allocateMac', 'confirmMac', 'releaseMac', 'addChild', 'removeChild', 'joinProject', 'leaveProject'));
