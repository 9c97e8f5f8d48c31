import { describe, expect, it } from 'vitest';
import { addMember, getDealersByUser, listRoles, login } from '@dcc/contract';
import { newContext } from './support/browser.ts';
import { DEMO_PASSWORD, openLogin, signInAsAUserWould, text, waitForShell } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { callFromTest, passwordDigest } from './support/signIn.ts';

const NO_COMPANY = '13900000004';

describe('invitations (issue 8): an existing account joins a company only by accepting', () => {
  const env = useServerAndBrowser();

  it('the no-company page shows the invitation; accepting enters the company', async () => {
    const { xtoken } = await callFromTest(env.baseUrl, login, {
      name: '13800000000',
      password: passwordDigest(DEMO_PASSWORD),
      loginSource: 'web',
    });
    const [platform] = await callFromTest(env.baseUrl, getDealersByUser, {}, { sessionid: xtoken! });
    const as = { sessionid: xtoken!, dealersId: platform!.dealersId };
    const roles = await callFromTest(env.baseUrl, listRoles, { pageIndex: 1, pageSize: 100, roleName: '' }, as);
    const invited = await callFromTest(
      env.baseUrl,
      addMember,
      {
        phone: NO_COMPANY,
        realName: '-',
        roleIds: [roles.list.at(-1)!.roleId],
      },
      as,
    );
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
