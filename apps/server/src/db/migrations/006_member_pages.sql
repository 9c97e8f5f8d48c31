-- Member pages of a large subtree walk members newest first and stop after the page.
create index members_created_idx on members (created_at desc, id desc);
