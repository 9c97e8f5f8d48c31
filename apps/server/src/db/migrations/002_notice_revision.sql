-- A revision number of the notice table, bumped by every statement that changes notices, so that
-- servers may keep the rendered notices in memory and check with one read that they are current.
insert into settings (key, value) values ('notices_revision', '0');

create function bump_notices_revision() returns trigger language plpgsql as $$
begin
  update settings set value = (value::bigint + 1)::text where key = 'notices_revision';
  return null;
end
$$;

create trigger notices_revision after insert or update or delete or truncate on notices
  for each statement execute function bump_notices_revision();
