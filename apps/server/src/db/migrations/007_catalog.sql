-- The catalog of issue 4: series, data types, protocols with versions, points and point history,
-- products and thing models. One catalog for the whole platform (the level-0 company edits it).
-- Runs on PostgreSQL 15 and PGlite.

create table series (
  id bigint generated always as identity primary key,
  name text not null,
  creator_name text not null default '',
  modifier_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index series_name_uq on series (lower(name));

create table data_types (
  id bigint generated always as identity primary key,
  name text not null,
  report_rule text not null default '',
  send_rule text not null default '',
  description text not null default '',
  signed boolean not null default false,
  sort_order integer not null default 0,
  creator_name text not null default '',
  modifier_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index data_types_name_uq on data_types (lower(name));
create index data_types_sort_idx on data_types (sort_order, name);

create table protocols (
  id bigint generated always as identity primary key,
  name text not null,
  code text not null,
  description text not null default '',
  creator_name text not null default '',
  modifier_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index protocols_code_uq on protocols (lower(code));

create table protocol_versions (
  id bigint generated always as identity primary key,
  protocol_id bigint not null references protocols (id) on delete cascade,
  name text not null,
  description text not null default '',
  creator_name text not null default '',
  created_at timestamptz not null default now(),
  unique (protocol_id, name)
);

-- One row per point (register) of a version; the lists of enum items, binary items and fault
-- definitions are read and written whole with the point, so they are jsonb arrays.
create table protocol_points (
  id bigint generated always as identity primary key,
  version_id bigint not null references protocol_versions (id) on delete cascade,
  address integer not null check (address between 0 and 65535),
  code text not null,
  name text not null,
  en_name text not null default '',
  mode text not null check (mode in ('R', 'W', 'RW')),
  vendor_param boolean not null default false,
  basic_info boolean not null default false,
  end_user_display boolean not null default false,
  client_param boolean not null default false,
  hidden boolean not null default false,
  code_class text not null default '',
  byte_length smallint not null check (byte_length in (1, 2, 4)),
  high_low boolean not null default false,
  high_point integer,
  low_point integer,
  data_type_id bigint references data_types (id),
  report_formula text not null default '',
  send_formula text not null default '',
  fault_type boolean not null default false,
  value_range text not null default '',
  unit text not null default '',
  default_value double precision,
  description text not null default '',
  en_description text not null default '',
  value_kind text not null default 'number' check (value_kind in ('number', 'enum', 'binary')),
  enum_items jsonb not null default '[]',
  binary_items jsonb not null default '[]',
  fault_definitions jsonb not null default '[]',
  modifier_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (version_id, address),
  unique (version_id, code)
);
create index protocol_points_data_type_idx on protocol_points (data_type_id) where data_type_id is not null;

-- Every change of a version's points; point_id is cleared when the point is deleted, the code and
-- name are kept. changes is a list of {field, before, after}.
create table point_history (
  id bigint generated always as identity primary key,
  version_id bigint not null references protocol_versions (id) on delete cascade,
  point_id bigint references protocol_points (id) on delete set null,
  address integer not null,
  code text not null,
  name text not null,
  action text not null check (action in ('add', 'update', 'delete', 'import')),
  changes jsonb not null default '[]',
  operator_name text not null default '',
  operator_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index point_history_version_idx on point_history (version_id, created_at desc, id desc);

create table products (
  id bigint generated always as identity primary key,
  name text not null,
  en_name text not null default '',
  product_key text not null unique,
  series_id bigint not null references series (id),
  network_method text not null,
  node_type text not null,
  data_format text not null check (data_format in ('custom', 'alink')),
  message_type text not null check (message_type in ('pm', 'tm')),
  protocol_type text not null,
  protocol_id bigint references protocols (id),
  central_control boolean not null default false,
  lock_function boolean not null default false,
  dispatch_rule text not null,
  third_party_platform text not null,
  description text not null default '',
  image text not null default '',
  creator_name text not null default '',
  modifier_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((data_format = 'custom') = (protocol_id is not null))
);
create unique index products_name_uq on products (lower(name));
create index products_series_idx on products (series_id);
create index products_protocol_idx on products (protocol_id) where protocol_id is not null;

-- The thing model of an Alink product: the draft being edited and the last published document.
create table thing_models (
  product_id bigint primary key references products (id) on delete cascade,
  draft jsonb not null default '{"properties":[],"events":[],"services":[]}',
  published jsonb,
  published_version integer not null default 0,
  draft_updated_at timestamptz not null default now(),
  published_at timestamptz
);
