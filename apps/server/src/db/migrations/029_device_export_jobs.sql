-- Export jobs of the device list (issue 11) in the database, so that every server instance answers a job's
-- progress and its one-time download, whichever instance writes it. The job id given to the caller is the
-- download key: only its sha256 is kept, like the live tickets.
create table device_export_jobs (
  id bigint generated always as identity primary key,
  key_hash text not null unique,
  user_id bigint not null references users (id) on delete cascade,
  dealer_id bigint not null references dealers (id) on delete cascade,
  state text not null check (state in ('running', 'done', 'failed')),
  total_rows integer not null,
  written_rows integer not null default 0,
  file_name text not null,
  file_bytes bigint,
  -- Moved on with every batch written: a running job whose writer stopped (its instance died) shows as failed.
  updated_at timestamptz not null default now(),
  -- Set by the one download that is allowed.
  taken_at timestamptz,
  expires_at timestamptz not null
);
create index device_export_jobs_expires on device_export_jobs (expires_at);

-- The workbook as it is written, in parts of about 1 MB in order: neither the writer nor the download holds
-- the whole file in memory.
create table device_export_parts (
  job_id bigint not null references device_export_jobs (id) on delete cascade,
  part integer not null,
  bytes bytea not null,
  primary key (job_id, part)
);
