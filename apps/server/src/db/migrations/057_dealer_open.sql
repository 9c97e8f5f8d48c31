-- A company is open (its members may enter it and act in it) while it and every dealer above it are
-- enabled (issue 21): disabling a dealer closes its whole subtree. The one definition of the rule, used
-- by the permission check, the company chooser, the button list, uploads and invitations
-- (docs/SECURITY.md "A disabled dealer closes its subtree"). `dealer_path` is dealers.path, '/1/4/9/':
-- the ids of the dealer and all its ancestors, each found by primary key.
create function dealer_open(dealer_path text) returns boolean
language sql stable
as $$
  select not exists (
    select 1 from dealers a
    where a.id = any (string_to_array(trim(both '/' from dealer_path), '/')::bigint[])
      and not a.enabled
  )
$$;
