-- Wrong passwords count against the source address (issue 18 item 1), never lock the account: the
-- column of the old per-account lock was no longer written.
alter table users drop column locked_until;
