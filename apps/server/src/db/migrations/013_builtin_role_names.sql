-- Built-in roles (the administrator role made with a new dealer) are named by the catalog entry
-- role.builtin.<builtin>, shown in the reader's language; name is kept but not shown while builtin
-- is set. A rename clears builtin (the role then has the typed name).
alter table roles add column builtin text check (builtin in ('admin'));

-- Existing administrator roles were stored in their creator's language: the ones so named that a
-- dealer's administrator holds, or that a pending invitation offers with the administration.
update roles r set builtin = 'admin'
where r.name in ('管理员', 'Administrator')
  and (
    exists (
      select 1 from member_roles mr
      join members m on m.id = mr.member_id
      join dealers d on d.id = r.dealer_id
      where mr.role_id = r.id and m.dealer_id = d.id and m.user_id = d.admin_user_id
    )
    or exists (
      select 1 from invitation_roles ir
      join invitations i on i.id = ir.invitation_id
      where ir.role_id = r.id and i.as_admin
    )
  );
