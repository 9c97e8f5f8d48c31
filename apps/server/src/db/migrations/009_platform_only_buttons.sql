-- Buttons over data every company shares (notices, the permission-button tree, system management)
-- are held only by roles of the level-0 company (issue 8, item 1). The list below equals
-- PLATFORM_ONLY_BUTTONS of the contract (permissions.ts); platform-only-migration.test.ts compares them.
create function platform_only_buttons() returns text[] language sql immutable as $$
  select array['B213', '1541237796541104128', 'B287', 'B213001']::text[]
$$;

-- Repair: roles of companies below the platform lose those buttons (a new dealer's admin role
-- used to copy every button of its creator).
delete from role_buttons rb
using roles r, dealers d
where r.id = rb.role_id and d.id = r.dealer_id and d.level <> 0 and rb.button_id = any (platform_only_buttons());

-- Guarantee: no writer, present or future, gives such a button to a role below the platform.
create function role_buttons_platform_only() returns trigger language plpgsql as $$
begin
  if new.button_id = any (platform_only_buttons())
     and exists (select 1 from roles r join dealers d on d.id = r.dealer_id where r.id = new.role_id and d.level <> 0) then
    raise exception 'button % is held only by roles of the level-0 company', new.button_id using errcode = 'check_violation';
  end if;
  return new;
end
$$;
create trigger role_buttons_platform_only before insert or update on role_buttons
  for each row execute function role_buttons_platform_only();
