import { describe, expect, it } from 'vitest';
import { BUILT_PAGE_CODE, HOME_CODE, NOT_AVAILABLE_CODE, PERSONAL_SETTING_CODE, pageCodeAt } from './pageCode.ts';

describe('pageCodeAt', () => {
  it("names the code of a console address's page, and none outside the company's pages", () => {
    expect(pageCodeAt('#/login')).toBeUndefined();
    expect(pageCodeAt('#/companyX')).toBeUndefined();
    expect(pageCodeAt('#/company')).toBe(HOME_CODE);
    expect(pageCodeAt('#/company/')).toBe(HOME_CODE);
    expect(pageCodeAt('#/company/personalSetting')).toBe(PERSONAL_SETTING_CODE);
    expect(pageCodeAt('#/company/logManage/accountLog?page=2')).toBe(BUILT_PAGE_CODE['/company/logManage/accountLog']);
    // A page under a menu entry (the device detail) is the entry's page.
    expect(pageCodeAt('#/company/deviceManage/devicesManage/deviceDetail/5?tab=curve')).toBe(
      BUILT_PAGE_CODE['/company/deviceManage/devicesManage'],
    );
    expect(pageCodeAt('#/company/otaManage/somethingNotBuilt')).toBe(NOT_AVAILABLE_CODE);
  });
});
