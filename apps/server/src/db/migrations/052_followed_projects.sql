-- The home dashboard's key projects (getDealersProject with important = 1, issue 21): the followed projects
-- of a subtree by dealer, newest first, without walking every project of the subtree
-- (docs/PERFORMANCE.md "Home dashboard calls": p95 185 ms -> 79 ms over 100,000 projects).
create index projects_important_idx on projects (dealer_id, created_at desc, id desc) where important;
