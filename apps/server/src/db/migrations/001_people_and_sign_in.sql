-- Companies (dealers), accounts, memberships, roles, permission buttons, sessions, sign-in
-- bookkeeping, notices, settings and the platform status. Runs on PostgreSQL 15 and PGlite.

create table dealers (
  id bigint generated always as identity primary key,
  parent_id bigint references dealers (id),
  level smallint not null check (level between 0 and 5),
  name text not null,
  code text not null unique,
  contact_name text not null default '',
  contact_phone text not null default '',
  contact_email text not null default '',
  area text not null default '',
  address text not null default '',
  licence_img text not null default '',
  type text not null default '',
  -- Materialized path '/1/4/9/' of ids from the root: a subtree is `path like '/1/4/%'`.
  path text not null,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  check ((level = 0) = (parent_id is null))
);
create index dealers_path_idx on dealers (path text_pattern_ops);
create index dealers_parent_idx on dealers (parent_id);

create function dealers_set_path() returns trigger language plpgsql as $$
begin
  if new.parent_id is null then
    new.path := '/' || new.id || '/';
  else
    select d.path || new.id || '/' into new.path from dealers d where d.id = new.parent_id;
  end if;
  return new;
end
$$;
create trigger dealers_path before insert on dealers for each row execute function dealers_set_path();

-- user_name is the login name (a phone for dealer staff); two accounts may share one phone.
create table users (
  id bigint generated always as identity primary key,
  user_name text not null,
  real_name text not null default '',
  email text not null default '',
  img text not null default '',
  identity text not null check (identity in ('dealer', 'user')),
  password_hash text not null,
  password_changed_at timestamptz not null default now(),
  locked_until timestamptz,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);
create index users_user_name_idx on users (user_name);

create table members (
  id bigint generated always as identity primary key,
  dealer_id bigint not null references dealers (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  jurisdiction text not null default '',
  created_at timestamptz not null default now(),
  unique (user_id, dealer_id)
);
create index members_dealer_idx on members (dealer_id);

create table buttons (
  id text primary key,
  parent_id text references buttons (id),
  label_key text not null,
  sort integer not null
);

create table roles (
  id bigint generated always as identity primary key,
  dealer_id bigint not null references dealers (id) on delete cascade,
  name text not null,
  description text not null default '',
  -- Dealer levels 1..view_level_max may view (use) this role.
  view_level_max smallint not null default 1 check (view_level_max between 1 and 5),
  fault_levels smallint[] not null default '{0,1,2,3}',
  created_at timestamptz not null default now()
);
create index roles_dealer_idx on roles (dealer_id);

create table role_buttons (
  role_id bigint not null references roles (id) on delete cascade,
  button_id text not null references buttons (id) on delete cascade,
  primary key (role_id, button_id)
);

create table member_roles (
  member_id bigint not null references members (id) on delete cascade,
  role_id bigint not null references roles (id) on delete cascade,
  primary key (member_id, role_id)
);
create index member_roles_role_idx on member_roles (role_id);

-- The token itself is never stored: token_hash is its sha256 in hex.
create table sessions (
  token_hash text primary key,
  user_id bigint not null references users (id) on delete cascade,
  -- 'full', or 'passwordChange' while the password is due for change.
  scope text not null check (scope in ('full', 'passwordChange')),
  ip text not null default '',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  ended_at timestamptz,
  end_reason text check (end_reason in ('replaced', 'logout', 'expired', 'passwordChanged'))
);
create index sessions_live_user_idx on sessions (user_id) where ended_at is null;

create table login_failures (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  ip text not null default '',
  at timestamptz not null default now()
);
create index login_failures_user_at_idx on login_failures (user_id, at);

-- Single-use key that lets a caller finish sign-in for one of the listed accounts.
create table access_keys (
  key_hash text primary key,
  user_ids bigint[] not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table sms_codes (
  id bigint generated always as identity primary key,
  phone text not null,
  purpose text not null check (purpose in ('login', 'resetPwd')),
  user_type text not null check (user_type in ('dealer', 'user')),
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  tries smallint not null default 0,
  used_at timestamptz
);
create index sms_codes_phone_idx on sms_codes (phone, created_at desc);

-- What the built-in SMS sender "sent" (no gateway in the demo).
create table sms_outbox (
  id bigint generated always as identity primary key,
  phone text not null,
  text text not null,
  created_at timestamptz not null default now()
);
create index sms_outbox_phone_idx on sms_outbox (phone, id desc);

create table notices (
  id bigint generated always as identity primary key,
  title text not null,
  body text not null,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notices_created_idx on notices (created_at desc, id desc);

create table notice_reads (
  notice_id bigint not null references notices (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (user_id, notice_id)
);
create index notice_reads_notice_idx on notice_reads (notice_id);

create table settings (
  key text primary key,
  value text not null
);
insert into settings (key, value) values
  ('password_max_age_days', '90'),
  ('session_idle_minutes', '120'),
  ('session_max_days', '7');

create table platform_status (
  id bigint generated always as identity primary key,
  state text not null,
  status text not null check (status in ('warning', 'error')),
  message_zh text not null,
  message_en text not null,
  sort integer not null default 0
);

create table account_log (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete set null,
  user_name text not null,
  action text not null check (action in ('signIn', 'signOut', 'signInFailed', 'lock', 'passwordChange', 'passwordReset')),
  ip text not null default '',
  detail text not null default '',
  at timestamptz not null default now()
);
create index account_log_user_at_idx on account_log (user_id, at desc);
create index account_log_at_idx on account_log (at desc);
