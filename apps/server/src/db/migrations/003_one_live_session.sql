-- One live session per account, guaranteed by the database as well as by the sign-in code.
create unique index sessions_one_live_per_user on sessions (user_id) where ended_at is null;
drop index sessions_live_user_idx;
