import { addCustomer, addDealers, Button, ErrorCode, updatePersonalInfo, uploadLinks } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLimitsConfig } from '../../limits-config.ts';
import { newDealer, newMember, newRole, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { freshPhone, PEOPLE_BUTTONS, usePeopleApp } from '../../../test/people-setup.ts';
import { PNG, uploadPng, uploadedUrl } from '../../../test/uploads.ts';

/** Image fields accept only ids the upload call issued to the caller or its company (issue 8 item 12). */
const env = usePeopleApp();
let foreign: { sessionid: string; dealersId: string };
beforeAll(async () => {
  // The caller also manages dealers (addDealers) in A.
  const member = await env.t.db
    .selectFrom('members')
    .select('id')
    .where('user_id', '=', env.tree.caller.userId)
    .where('dealer_id', '=', env.tree.A)
    .executeTakeFirstOrThrow();
  await env.t.db
    .insertInto('member_roles')
    .values({ member_id: member.id, role_id: await newRole(env.t.db, env.tree.A, [Button.DEALERS]) })
    .execute();
  // A member of B, beside the caller's company A, with the same buttons.
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.tree.B, user.id, PEOPLE_BUTTONS);
  foreign = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.tree.B };
});

let sequence = 0;
const dealer = (licenceImg: string) => {
  sequence += 1;
  return {
    dealersName: `Licence Test ${sequence}`,
    dealersCode: `LT-${Date.now().toString(36)}-${sequence}`,
    contactName: 'Liu Yang',
    contactPhone: freshPhone(),
    provinceCode: '130000',
    cityCode: '130100',
    address: 'No. 1 Zhongshan Road',
    dealersType: 'installer',
    licenceImg,
  };
};
const customer = (img: string) => ({
  userName: '王先生',
  phone: freshPhone(),
  password: 'Cust0mer2024',
  confirmPassword: 'Cust0mer2024',
  email: '',
  img,
});
const NEVER_ISSUED = '/uploads/00000000-0000-4000-8000-000000000000.png';
const TRAVERSAL = '/uploads/../../../etc/passwd.png';

describe('licence and avatar fields', () => {
  it('take an upload issued to the company', async () => {
    const url = await uploadedUrl(env.t.app, env.tree.asCaller);
    expect((await call(env.t.app, addDealers, dealer(url), env.tree.asCaller)).body.error_code).toBe(0);
    expect((await call(env.t.app, addCustomer, customer(url), env.tree.asCaller)).body.error_code).toBe(0);
    expect(
      (await call(env.t.app, updatePersonalInfo, { realName: 'People Admin', email: '', img: url }, env.tree.asCaller))
        .body.error_code,
    ).toBe(0);
  });

  it('refuse a traversal path and an id never issued', async () => {
    // The licence field's contract already refuses anything but an upload URL; the server checks it all the same.
    expect((await call(env.t.app, addDealers, dealer(TRAVERSAL), env.tree.asCaller)).body.error_code).toBe(
      ErrorCode.BAD_REQUEST,
    );
    expect((await call(env.t.app, addDealers, dealer(NEVER_ISSUED), env.tree.asCaller)).body.error_code).toBe(
      ErrorCode.IMAGE_UNKNOWN,
    );
    for (const img of [TRAVERSAL, NEVER_ISSUED, '/uploads/x.png']) {
      expect((await call(env.t.app, addCustomer, customer(img), env.tree.asCaller)).body).toMatchObject({
        error_code: ErrorCode.UPLOAD_NOT_ISSUED,
        error_msg: 'The picture was not uploaded here; please upload it again',
      });
      expect(
        (await call(env.t.app, updatePersonalInfo, { realName: 'People Admin', email: '', img }, env.tree.asCaller))
          .body.error_code,
      ).toBe(ErrorCode.UPLOAD_NOT_ISSUED);
    }
  });

  it("refuse another company's upload, and give its caller no link to it", async () => {
    const theirs = await uploadedUrl(env.t.app, foreign);
    expect((await call(env.t.app, addDealers, dealer(theirs), env.tree.asCaller)).body.error_code).toBe(
      ErrorCode.IMAGE_UNKNOWN,
    );
    expect((await call(env.t.app, addCustomer, customer(theirs), env.tree.asCaller)).body.error_code).toBe(
      ErrorCode.UPLOAD_NOT_ISSUED,
    );
    expect(
      (
        await call(
          env.t.app,
          updatePersonalInfo,
          { realName: 'People Admin', email: '', img: theirs },
          env.tree.asCaller,
        )
      ).body.error_code,
    ).toBe(ErrorCode.UPLOAD_NOT_ISSUED);
    const links = await call<{ links: unknown[] }>(env.t.app, uploadLinks, { urls: [theirs] }, env.tree.asCaller);
    expect(links.body.objectResult!.links).toEqual([]);
  });
});

describe('storage cap per company', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: false, limits: { ...loadLimitsConfig({}), uploadQuotaBytes: 1024 * 1024 } });
  });
  afterAll(async () => t.close());

  it('refuses the upload that would pass the cap, in both languages, and counts per company', async () => {
    const company = await newDealer(t.db, { level: 0 });
    const other = await newDealer(t.db, { level: 0 });
    const user = await newUser(t.db);
    await newMember(t.db, company, user.id, [Button.CUSTOMERS]);
    await newMember(t.db, other, user.id, [Button.CUSTOMERS]);
    const sessionid = await loginAs(t.app, user.phone);
    const picture = Buffer.concat([PNG, Buffer.alloc(400 * 1024)]);
    for (let i = 0; i < 2; i++)
      expect((await uploadPng(t.app, { sessionid, dealersId: company }, picture)).body.error_code).toBe(0);
    expect((await uploadPng(t.app, { sessionid, dealersId: company }, picture)).body).toEqual({
      error_code: ErrorCode.UPLOAD_QUOTA_EXCEEDED,
      error_msg: 'Your company has used its 1 MB of upload storage',
      objectResult: null,
    });
    expect((await uploadPng(t.app, { sessionid, dealersId: company }, picture, 'zh_CN')).body.error_msg).toBe(
      '贵公司的上传空间（1 MB）已用完',
    );
    // A small one still fits, and the other company's storage is its own.
    expect((await uploadPng(t.app, { sessionid, dealersId: company })).body.error_code).toBe(0);
    expect((await uploadPng(t.app, { sessionid, dealersId: other }, picture)).body.error_code).toBe(0);
  });
});
