-- Issue 10, piece "live": console push tickets, event payloads too big for NOTIFY, gateways and their
-- sub-devices, and dynamic registration per product.

-- One-time tickets that open a live device event stream (GET .../device/events?ticket=): an
-- EventSource cannot POST, and a session id in a URL would end up in logs. Stored as sha256 only.
create table live_event_tickets (
  ticket_hash text primary key,
  token_hash text not null references sessions (token_hash) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  dealer_id bigint not null references dealers (id) on delete cascade,
  -- null: every device of the subtree; otherwise only these device ids.
  device_ids jsonb,
  locale text not null,
  expires_at timestamptz not null
);
create index live_event_tickets_expiry_idx on live_event_tickets (expires_at);

-- Device events whose JSON exceeds what pg_notify carries (8000 bytes): the notification names the
-- row; rows are removed after a minute.
create table device_event_payloads (
  id bigint generated always as identity primary key,
  payload text not null,
  created_at timestamptz not null default now()
);
create index device_event_payloads_created_idx on device_event_payloads (created_at);

-- A gateway (centralized controller) reports for its children: a child has at most one gateway.
create table device_topology (
  child_device_id bigint primary key references devices (id) on delete cascade,
  gateway_device_id bigint not null references devices (id) on delete cascade,
  created_at timestamptz not null default now(),
  check (child_device_id <> gateway_device_id)
);
create index device_topology_gateway_idx on device_topology (gateway_device_id);

-- Dynamic registration: a device that knows its product key and product secret registers itself.
alter table products add column dynamic_registration boolean not null default false;
-- AES-256-GCM box of the product secret (the same key as device secrets); null until first revealed.
alter table products add column product_secret_box bytea;

-- Each registration's random is used once; rows older than the window are pruned.
create table device_registration_nonces (
  product_id bigint not null references products (id) on delete cascade,
  random text not null,
  used_at timestamptz not null default now(),
  primary key (product_id, random)
);
create index device_registration_nonces_used_idx on device_registration_nonces (used_at);
