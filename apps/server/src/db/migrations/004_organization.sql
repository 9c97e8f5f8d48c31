-- Organization (issue 3): dealer area codes and admin account, sale scopes, renamable buttons,
-- indexes for subtree lists. (The account-log actions of member and role changes: 005.)

alter table dealers add column province_code text not null default '';
alter table dealers add column city_code text not null default '';
-- The account created with the dealer; its password can be regenerated ("random password view").
alter table dealers add column admin_user_id bigint references users (id) on delete set null;

-- Provinces and cities (GB/T 2260 codes) where a dealer may sell.
create table dealer_sale_scopes (
  dealer_id bigint not null references dealers (id) on delete cascade,
  area_code text not null check (area_code ~ '^\d{6}$'),
  primary key (dealer_id, area_code)
);

-- A renamed button shows `name` instead of its catalog label; moved or renamed buttons keep their
-- place and name when the contract tree is synchronized at start-up.
alter table buttons add column name text not null default '';
alter table buttons add column customized boolean not null default false;

-- Member pages of a subtree read members by dealer, newest first.
create index members_dealer_created_idx on members (dealer_id, created_at desc, id desc);
