-- Issue 8: an existing account joins another company (or becomes a new dealer's admin) only by
-- accepting an invitation after its next sign-in; nothing changes for the account until then.
create table invitations (
  id bigint generated always as identity primary key,
  dealer_id bigint not null references dealers (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  jurisdiction text not null default '',
  -- Accepting also makes the account the dealer's admin (dealers.admin_user_id), for a new dealer.
  as_admin boolean not null default false,
  invited_by bigint references users (id) on delete set null,
  invited_by_name text not null default '',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  answered_at timestamptz,
  answer text check (answer in ('accepted', 'declined'))
);
-- One pending invitation per account and company; the account's pending ones are read at sign-in.
create unique index invitations_pending_idx on invitations (dealer_id, user_id) where answered_at is null;
create index invitations_user_idx on invitations (user_id) where answered_at is null;

-- The roles the account will hold; a deleted role leaves the invitation (which lapses without any).
create table invitation_roles (
  invitation_id bigint not null references invitations (id) on delete cascade,
  role_id bigint not null references roles (id) on delete cascade,
  primary key (invitation_id, role_id)
);
create index invitation_roles_role_idx on invitation_roles (role_id);

alter table account_log drop constraint if exists account_log_action_check;
alter table account_log add constraint account_log_action_check check (action in (
  'signIn', 'signOut', 'signInFailed', 'lock', 'unlock', 'passwordChange', 'passwordReset', 'memberAdded', 'memberRemoved', 'roleChanged',
  'invitationSent', 'invitationDeclined', 'passwordResetGiven'));
