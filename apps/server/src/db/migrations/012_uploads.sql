-- Uploaded images (issue 8 item 12): kept in the database so that every server instance serves
-- the same files, each with the company it was uploaded for and the account that uploaded it.
-- Runs on PostgreSQL 15 and PGlite.
create table uploads (
  id uuid primary key,
  -- The company the uploader was acting for (a member of it), or null when none was chosen;
  -- the per-company storage cap sums this column's rows.
  dealer_id bigint references dealers (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  extension text not null check (extension in ('png', 'jpg')),
  size integer not null check (size > 0),
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index uploads_dealer_idx on uploads (dealer_id);
create index uploads_user_idx on uploads (user_id) where dealer_id is null;
