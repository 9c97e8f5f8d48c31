-- Spent SMS codes are purged when codes are sent (modules/auth/codes.ts, purgeSpentCodes): by their expiry.
create index sms_codes_expires_at_idx on sms_codes (expires_at);
