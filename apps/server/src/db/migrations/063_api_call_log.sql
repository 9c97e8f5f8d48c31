-- The API call log (issue 22, logManage/apiUsedLog B175): one row per call the server answered, written in
-- batches off the request path (modules/logs/api-call-writer.ts). Partitioned by `day` (the UTC day of the
-- call) like raw packets and history, one partition per day created ahead by the log retention job and by
-- the writer itself, and dropped whole when older than the retention setting (never deleted row by row).
create sequence api_call_log_id_seq;
create table api_call_log (
  day date not null,
  id bigint not null default nextval('api_call_log_id_seq'),
  at timestamptz not null,
  -- Fastify's request id: the same id the server's own log lines of the call carry.
  request_id text not null default '',
  user_id bigint,
  -- Copied so the log still reads after the account changes or is gone.
  operator_phone text not null default '',
  operator_email text not null default '',
  -- The company the call acted for (null: sign-in and other calls without one).
  dealer_id bigint,
  ip text not null default '',
  -- The call's path under the API root.
  interface_name text not null,
  -- The request's parameters as JSON text, secrets redacted (contract secret-field.ts).
  params text not null default '',
  outcome_code integer not null,
  duration_ms real not null
) partition by range (day);
create index api_call_log_at on api_call_log (at desc, id desc);
create index api_call_log_dealer_at on api_call_log (dealer_id, at desc);
create index api_call_log_operator_at on api_call_log (operator_phone, at desc);

-- How long each log kind is kept, in days (issue 22: default 180); the retention job reads it on every run.
create table log_retention (
  kind text primary key check (kind in ('apiCall', 'communication')),
  days integer not null default 180 check (days between 1 and 3650)
);
insert into log_retention (kind) values ('apiCall'), ('communication');

-- Every run of the log retention job: the partitions it dropped, or why it failed.
create table log_retention_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null,
  finished_at timestamptz not null,
  dropped text[] not null default '{}',
  error text
);
create index log_retention_runs_started on log_retention_runs (started_at desc);
