-- Issue 20: the demo catalog carries both languages. Databases seeded before this gave the demo
-- products Latin names in their Chinese name (HeatPump_A200 beside en_name 'Heat pump A200') and the
-- demo software-version point an English description in its Chinese one. Only the seed's own rows
-- change: the demo product keys with the names the seed wrote, and that point's untouched description.
update products set name = '空气源热泵 A200' where product_key = 'pkhpa200demo' and name = 'HeatPump_A200';
update products set name = '智能热水器 X1' where product_key = 'pkwhx1demo01' and name = 'SmartWaterHeater_X1';
update protocol_points
   set description = '主版本号 × 100 + 次版本号', en_description = 'major * 100 + minor'
 where code = 'swVer' and description = 'major * 100 + minor' and en_description = '';
