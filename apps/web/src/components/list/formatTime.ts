import dayjs from 'dayjs';

/** A time of a list cell as 'YYYY-MM-DD HH:mm:ss' in the browser's zone; '' stays ''. */
export function formatTime(value: string): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';
}
