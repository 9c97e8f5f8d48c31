-- The operators the API call log has seen (issue 22 figures): each (phone, email) pair a row of api_call_log
-- was written with, added by the writer before its rows (modules/logs/api-call-writer.ts). The operator
-- filter (phone or email, partial) is matched against these few rows first, and the log is then read by
-- its (operator_phone, at) index for the pairs found: a contains-match over every row of a 15-day range
-- read millions of rows (8.6 s with 6,000,000 rows over 30 days; docs/PERFORMANCE.md "API call log").
create table api_call_operators (
  phone text not null,
  email text not null,
  primary key (phone, email)
);
insert into api_call_operators (phone, email)
select distinct operator_phone, operator_email from api_call_log;

-- The same index with what the search's other conditions read (the operator's email, the scope's company, the
-- partition day, the id): a day partition that autovacuum has marked all-visible answers the count and the page's keys from the index
-- alone (the page's rows are then read by key), instead of one heap page per row of the operator (15,000 for 15 days in the benchmark).
create index api_call_log_operator_cover on api_call_log (operator_phone, at desc) include (operator_email, dealer_id, day, id);
drop index api_call_log_operator_at;
