import { DatePicker, Typography, type DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@dcc/contract';
import { platformZoneName, platformZoneOffset } from './platformTime.ts';

/** The note under a picker's calendar: which zone the picked times are in. */
function ZoneNote() {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
  return (
    <Typography.Text type="secondary" data-testid="picker-zone-note">
      {t('time.zoneNote', { zone: platformZoneName(locale), offset: platformZoneOffset() })}
    </Typography.Text>
  );
}

const zoneFooter = () => <ZoneNote />;

/**
 * antd's DatePicker taking and giving the platform's wall clock (platformTime.ts: toPickerTime,
 * fromPickerTime), with the zone named under the calendar.
 */
export function ZonedDatePicker(props: DatePickerProps) {
  return <DatePicker renderExtraFooter={zoneFooter} {...props} />;
}

/** antd's RangePicker taking and giving the platform's wall clock, with the zone named under the calendar. */
export function ZonedRangePicker(props: RangePickerProps) {
  return <DatePicker.RangePicker renderExtraFooter={zoneFooter} {...props} />;
}
