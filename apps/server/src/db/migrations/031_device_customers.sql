-- A device allocated to an end customer (deviceDetail > allocation to user, issue 11): at most one customer per device.
create table device_customers (
  device_id bigint primary key references devices (id) on delete cascade,
  customer_id bigint not null references customers (user_id) on delete cascade,
  allocated_at timestamptz not null default now()
);
create index device_customers_customer on device_customers (customer_id);
