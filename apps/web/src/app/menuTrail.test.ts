import { describe, expect, it } from 'vitest';
import { menuTrail, subPageTrail, topLevelEntry } from './menuTrail.ts';

const paths = (pathname: string) => menuTrail(pathname).map((entry) => entry.path);

describe('menuTrail', () => {
  it('is Home only for the company index', () => {
    expect(paths('/company')).toEqual(['/company']);
    expect(paths('/company/')).toEqual(['/company']);
  });

  it('walks from the top-level entry down to the page, also below it', () => {
    expect(paths('/company/deviceManage/devicesManage')).toEqual([
      '/company/deviceManage',
      '/company/deviceManage/devicesManage',
    ]);
    expect(paths('/company/deviceManage/devicesManage/deviceDetail/7')).toEqual([
      '/company/deviceManage',
      '/company/deviceManage/devicesManage',
    ]);
    expect(topLevelEntry('/company/otaNewManage/taskList')?.path).toBe('/company/otaNewManage');
  });

  it('tells OTA generations apart although their children share names', () => {
    expect(paths('/company/otaManage/taskList')).toEqual(['/company/otaManage', '/company/otaManage/taskList']);
    expect(paths('/company/otaNewManage/taskList')).toEqual([
      '/company/otaNewManage',
      '/company/otaNewManage/taskList',
    ]);
  });

  it('does not match on a mere name prefix, and is empty outside the menu', () => {
    expect(paths('/company/deviceManageX')).toEqual([]);
    expect(paths('/company/personalSetting')).toEqual([]);
    expect(paths('/login')).toEqual([]);
  });
});

describe('subPageTrail', () => {
  const PRODUCTS = '/company/productManage/productsManage';
  const PROTOCOLS = '/company/productManage/protocalManage';

  it('names the add, detail and edit pages below a list, with the ids that open them', () => {
    expect(subPageTrail(`${PRODUCTS}/productAdd`)).toEqual([{ name: 'productAdd', path: `${PRODUCTS}/productAdd` }]);
    expect(subPageTrail('/company/dealerManage/roleManage/roleEdit/12')).toEqual([
      { name: 'roleEdit', path: '/company/dealerManage/roleManage/roleEdit/12' },
    ]);
    expect(subPageTrail(`${PROTOCOLS}/protocalDetail/5/pointAdd/9`)).toEqual([
      { name: 'protocalDetail', path: `${PROTOCOLS}/protocalDetail/5` },
      { name: 'pointAdd', path: `${PROTOCOLS}/protocalDetail/5/pointAdd/9` },
    ]);
    const DEVICES = '/company/deviceManage/devicesManage';
    expect(subPageTrail(`${DEVICES}/addDevice`)).toEqual([{ name: 'addDevice', path: `${DEVICES}/addDevice` }]);
    expect(subPageTrail(`${DEVICES}/thingModelDeviceDetail/7`)).toEqual([
      { name: 'thingModelDeviceDetail', path: `${DEVICES}/thingModelDeviceDetail/7` },
    ]);
  });

  it('is empty on a list, at home and outside the menu', () => {
    expect(subPageTrail(PRODUCTS)).toEqual([]);
    expect(subPageTrail('/company')).toEqual([]);
    expect(subPageTrail('/company/personalSetting')).toEqual([]);
  });
});
