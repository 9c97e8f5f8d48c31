import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMember, getDealersByUser, listRoles, login, type CallDef } from '@dcc/contract';
import { newContext } from './support/browser.ts';
import { DEMO_PASSWORD, openLogin, signInAsAUserWould, text, waitForShell } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

const NO_COMPANY = '13900000004';

describe('invitations (issue 8): an existing account joins a company only by accepting', () => {
  const env = useServerAndBrowser();
  const post = async <T>(def: CallDef, body: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${env.baseUrl}${def.path}?language=zh_CN`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { error_code: number; objectResult: T };
    expect(envelope.error_code, JSON.stringify(envelope)).toBe(0);
    return envelope.objectResult;
  };

  it('the no-company page shows the invitation; accepting enters the company', async () => {
    const password = createHash('md5').update(DEMO_PASSWORD).digest('hex');
    const { xtoken } = await post<{ xtoken: string }>(login, { name: '13800000000', password, loginSource: 'web' });
    const [platform] = await post<Array<{ dealersId: string; dealersName: string }>>(getDealersByUser, {
      sessionid: xtoken,
    });
    const as = { sessionid: xtoken, dealersId: platform!.dealersId };
    const roles = await post<{ list: Array<{ roleId: string }> }>(listRoles, {
      ...as,
      pageIndex: 1,
      pageSize: 100,
      roleName: '',
    });
    const invited = await post<{ invited: boolean }>(addMember, {
      ...as,
      phone: NO_COMPANY,
      realName: '-',
      roleIds: [roles.list.at(-1)!.roleId],
    });
    expect(invited.invited).toBe(true);

    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await signInAsAUserWould(page, NO_COMPANY, { arrived: () => page.waitForURL(/#\/noCompany/) });
    const invitation = page.getByTestId('invitation');
    await invitation.getByText(platform!.dealersName).waitFor();
    await page.getByText(text('zh-CN', 'invitations.title')).waitFor();
    await invitation.getByTestId('invitation-accept').click();
    await waitForShell(page);
    await context.close();
  });
});
