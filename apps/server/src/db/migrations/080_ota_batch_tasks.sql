-- 4G batch upgrade tasks (issue 23, spec section 3): while enabled, a batch upgrades every device of its
-- firmware's product in its company's subtree that runs an older version, as the device is (or comes) online.
-- The devices it picked up are rows of its own upgrade task (ota_task_devices), moved on by the rollout.
-- Runs on PostgreSQL 15 and PGlite.
create table ota_batch_tasks (
  id bigint generated always as identity primary key,
  task_id bigint not null unique references ota_tasks (id) on delete cascade,
  dealer_id bigint not null references dealers (id) on delete cascade,
  product_id bigint not null references products (id) on delete cascade,
  -- The firmware's type and software code when the batch was made (kept if the firmware is deleted).
  ota_type text not null check (ota_type in ('mainboard', 'gateway')),
  software_code text not null,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);
create index ota_batch_tasks_dealer_idx on ota_batch_tasks (dealer_id, created_at desc);
-- A company has at most one enabled batch per product (two would race for the same devices).
create unique index ota_batch_tasks_enabled_idx on ota_batch_tasks (dealer_id, product_id) where enabled;
-- Devices coming online look up the enabled batches of their product.
create index ota_batch_tasks_product_idx on ota_batch_tasks (product_id) where enabled;
