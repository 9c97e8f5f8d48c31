-- Issue 20 (data in both languages): series, data types and protocols gain an English name beside
-- their Chinese one, as products and points have (en_name; '' = none, the reader of the other language
-- then sees the Chinese name marked, localName). The seed's own rows, which carried one language only,
-- get both: only rows still as the seed wrote them change, and never onto a name another row holds.
alter table series add column en_name text not null default '';
alter table data_types add column en_name text not null default '';
alter table protocols add column en_name text not null default '';

update series set en_name = 'Air energy water heater'
 where name = '空气能热水器' and en_name = '' and creator_name = 'Platform Operator';
update series set name = '空气源热泵', en_name = 'Air source heat pump'
 where name = 'AirSourceHeatPump' and en_name = '' and creator_name = 'Platform Operator'
   and not exists (select 1 from series other where lower(other.name) = '空气源热泵');

update data_types d
   set en_name = d.name,
       name = demo.chinese
  from (values ('unsigned', '无符号整数'),
               ('signed', '有符号整数'),
               ('signed x0.1', '有符号 ×0.1'),
               ('unsigned x0.1', '无符号 ×0.1'),
               ('unsigned x0.01', '无符号 ×0.01')) as demo (english, chinese)
 where d.name = demo.english and d.en_name = '' and d.creator_name = 'Platform Operator'
   and not exists (select 1 from data_types other where lower(other.name) = lower(demo.chinese));

update protocols set name = '热泵标准协议', en_name = 'Heat pump standard'
 where code = 'HP-STD' and name = 'Heat_pump_standard' and en_name = '';
