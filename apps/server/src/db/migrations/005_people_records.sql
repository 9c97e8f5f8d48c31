-- People records of issue 3: end customers, PDA users (in departments), after-sales engineers, all
-- accounts in the users table with an owner dealer; administrator locks; a wider account log.
-- Runs on PostgreSQL 15 and PGlite.

-- PDA handhelds and engineers are accounts too: sign-in, lock, password and log work the same.
alter table users drop constraint users_identity_check;
alter table users add constraint users_identity_check check (identity in ('dealer', 'user', 'pda', 'engineer'));
-- An administrator's lock holds until unlocked; locked_until stays the temporary wrong-password lock.
alter table users add column admin_locked_at timestamptz;
-- PDA users sign in by user name and engineers by phone: one account per name within those identities.
-- (Customers keep the existing rule that several may share a phone; the server refuses new duplicates.)
create unique index users_pda_engineer_name_uq on users (identity, user_name) where identity in ('pda', 'engineer');

alter table sessions drop constraint sessions_end_reason_check;
alter table sessions add constraint sessions_end_reason_check check (end_reason in ('replaced', 'logout', 'expired', 'passwordChanged', 'locked'));

create table departments (
  id bigint generated always as identity primary key,
  owner_dealer_id bigint not null references dealers (id),
  code text not null,
  name text not null,
  production_base text not null,
  created_by bigint references users (id) on delete set null,
  -- Kept as text so that the creator's name survives the account's deletion.
  creator_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (owner_dealer_id, code)
);
create index departments_owner_idx on departments (owner_dealer_id);

-- One row per end-customer account (users.identity = 'user'): user_name is the phone (login account),
-- real_name the display name.
create table customers (
  user_id bigint primary key references users (id) on delete cascade,
  owner_dealer_id bigint not null references dealers (id)
);
create index customers_owner_idx on customers (owner_dealer_id);

-- One row per PDA account (users.identity = 'pda'); the owner is the department's owner.
create table pda_users (
  user_id bigint primary key references users (id) on delete cascade,
  department_id bigint not null references departments (id),
  owner_dealer_id bigint not null references dealers (id)
);
create index pda_users_owner_idx on pda_users (owner_dealer_id);
create index pda_users_department_idx on pda_users (department_id);

-- One row per engineer account (users.identity = 'engineer'): user_name is the phone.
create table engineers (
  user_id bigint primary key references users (id) on delete cascade,
  owner_dealer_id bigint not null references dealers (id),
  area text not null default '',
  notes text not null default '',
  -- Whether the engineer receives new orders and dispatches; signing in is governed by the lock.
  enabled boolean not null default true
);
create index engineers_owner_idx on engineers (owner_dealer_id);

alter table account_log drop constraint if exists account_log_action_check;
alter table account_log add constraint account_log_action_check check (action in (
  'signIn', 'signOut', 'signInFailed', 'lock', 'unlock', 'passwordChange', 'passwordReset', 'memberAdded', 'memberRemoved', 'roleChanged'));
-- The company where an administrative action happened (member added, role changed, lock by an administrator).
alter table account_log add column dealer_id bigint references dealers (id) on delete set null;
-- Who acted when it was not the account itself; the name is kept for when the operator is deleted.
alter table account_log add column operator_id bigint references users (id) on delete set null;
alter table account_log add column operator_name text not null default '';
create index account_log_dealer_at_idx on account_log (dealer_id, at desc);
