/** Messages of the home dashboard's calls (issue 21), in English. */
export const dashboardEnUS = {
  'dashboard.validation.isImportant': 'The follow flag is 0 or 1',
  'dashboard.validation.deviceCode': 'Please give the IoT code (at most 64 characters)',
  'dashboard.validation.time': 'Please give a valid time',
  'dashboard.unfollowed': 'Device unfollowed',
  'dashboard.followed': 'Device followed',
};
