-- The home dashboard's project figures (issue 21, getProjectIncreasedNum and getProjectAuditNum) without
-- counting a subtree's projects or audits of the range on every page load (docs/PERFORMANCE.md "Home
-- dashboard calls": p95 171-369 ms over 100,000 projects): per platform day (PLATFORM_TIME_ZONE) and owner
-- dealer, the projects added and the audits passed that day, kept by the project statistics job
-- (modules/projects/stats-job.ts) for the days that have ended. The current day is counted on read.
create table daily_project_stat (
  dealer_id bigint not null references dealers (id) on delete cascade,
  stat_day date not null,
  added integer not null default 0,
  passed integer not null default 0,
  primary key (dealer_id, stat_day)
);
create index daily_project_stat_day_idx on daily_project_stat (stat_day);
