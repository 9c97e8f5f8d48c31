-- Issue 20: a point's unit in English beside its unit. A unit is mostly a symbol read alike in both
-- languages (°C, Hz, kWh): en_unit is set only where the unit is a word ('步' / 'steps'), and empty
-- means the unit is shown as it is in both languages (localUnit in the contract).
alter table protocol_points add column en_unit text not null default '';
