-- Issue 18 item 9: the ingest writes a plain batch in one statement, without a transaction of its own
-- (pipeline-at-once.ts). When that statement finds what only the transaction's way handles (a device's
-- messages stored in part before, or its latest values changed by another writer), it calls this,
-- which ends the statement with SQLSTATE DC001: nothing of it is kept, and the ingest writes the batch
-- the other way.
create function ingest_batch_conflict(problems bigint) returns bigint language plpgsql as $$
begin
  if problems > 0 then
    raise exception 'the ingest batch needs its transaction (% devices)', problems using errcode = 'DC001';
  end if;
  return problems;
end
$$;
