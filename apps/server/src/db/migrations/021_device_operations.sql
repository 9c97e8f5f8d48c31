-- The device operation log (issue 10, console-spec section 2 "device operation log"): every command to
-- a device (set values, activate, lock, unlock) and every registry action on it (move, import), with who
-- did it, for which company, what was asked, and how it ended:
--   applied   the device accepted (or the registry action was done);
--   refused   the device answered with a refusal; detail = its status name (locked, busy, illegalValue, ...);
--   noReply   sent, but no reply came within the command timeout;
--   rejected  refused by the server before anything was sent; detail = the reason (an error message key).
-- The operator's name is copied so that the log still reads after the account is gone.
create table device_operations (
  id bigint generated always as identity primary key,
  device_id bigint not null references devices (id) on delete cascade,
  device_code text not null,
  operator_id bigint references users (id) on delete set null,
  operator_name text not null default '',
  -- The company the operator acted for.
  dealer_id bigint references dealers (id) on delete set null,
  action text not null check (action in ('setValues', 'activate', 'lock', 'unlock', 'move', 'import')),
  -- What was asked: { values: [{ address, value }] } for setValues, { from, to } for move, {} otherwise.
  request jsonb not null default '{}'::jsonb,
  -- A readable summary of the request ("3=55, 4=40").
  summary text not null default '',
  outcome text not null check (outcome in ('applied', 'refused', 'noReply', 'rejected')),
  detail text not null default '',
  -- The parameters of a rejection's message (the point, the value, the range), to show it in the reader's language.
  detail_params jsonb not null default '{}'::jsonb,
  -- The sequence number of the command frame (null when nothing was sent).
  seq integer,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index device_operations_device_idx on device_operations (device_id, created_at desc, id desc);
