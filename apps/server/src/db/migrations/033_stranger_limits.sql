-- Failed proofs count against the source address (docs/SECURITY.md, "A limit a stranger can trip never
-- locks out the owner"): wrong SMS codes are kept per code and address, like wrong passwords per account
-- and address (login_failures), and both are counted over the last minute for the global budget.
create table sms_code_failures (
  id bigint generated always as identity primary key,
  code_id bigint references sms_codes (id) on delete cascade,
  ip text not null,
  at timestamptz not null default now()
);
create index sms_code_failures_code_ip_idx on sms_code_failures (code_id, ip);
create index sms_code_failures_at_idx on sms_code_failures (at);
create index sms_code_failures_ip_at_idx on sms_code_failures (ip, at);
create index login_failures_at_idx on login_failures (at);
create index login_failures_ip_at_idx on login_failures (ip, at);
