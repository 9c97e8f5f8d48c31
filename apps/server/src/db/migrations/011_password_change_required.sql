-- An account whose password was set for it (the first operator's one-time password) must change
-- it at its next sign-in, whatever password_max_age_days says; a password change clears the flag.
alter table users add column password_change_required boolean not null default false;
