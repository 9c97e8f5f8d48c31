import {
  addDealers,
  dealersDetail,
  deleteDealers,
  editDealers,
  ErrorCode,
  getAllButtonRoles,
  getDealersByUser,
  getSaleScope,
  handOverDealers,
  listDealers,
  login,
  resetDealerAdminPassword,
  setDealersEnabled,
  setSaleScope,
  uploadImage,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, digest, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildMatrixTree, emptyChild, type MatrixTree } from '../../../test/matrix/tree.ts';
import { insertMember } from '../../db/seed/people.ts';

let t: TestApp;
let tree: MatrixTree;
let as: { sessionid: string; dealersId: string };
let sequence = 0;
const fields = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    dealersName: `Hebei Heat ${sequence}`,
    dealersCode: `HB-${Date.now().toString(36)}-${sequence}`,
    contactName: 'Liu Yang',
    contactPhone: `188${String(Date.now() % 1e5).padStart(5, '0')}${String(sequence).padStart(3, '0')}`,
    provinceCode: '130000',
    cityCode: '130100',
    address: 'No. 1 Zhongshan Road',
    dealersType: 'installer',
    ...overrides,
  };
};

beforeAll(async () => {
  t = await startTestApp();
  tree = await buildMatrixTree(t.app, t.db);
  as = { sessionid: tree.callerSession, dealersId: tree.caller.dealerId };
});
afterAll(async () => t.close());

describe('dealer list', () => {
  it('lists the subtree below the company, searches and loads children lazily', async () => {
    const flat = await call<{
      list: Array<{ dealersId: string; level: number; childCount: number }>;
      totalSize: number;
    }>(t.app, listDealers, {}, as);
    expect(flat.body.objectResult?.list.map((item) => item.dealersId)).toEqual([tree.nodes.A11.dealerId]);
    const children = await call<{ list: Array<{ dealersId: string }> }>(
      t.app,
      listDealers,
      { parentId: tree.caller.dealerId },
      as,
    );
    expect(children.body.objectResult?.list.map((item) => item.dealersId)).toEqual([tree.nodes.A11.dealerId]);
    const byName = await call<{ totalSize: number }>(t.app, listDealers, { dealersName: 'matrix a11' }, as);
    expect(byName.body.objectResult?.totalSize).toBe(1);
    expect(
      (await call<{ totalSize: number }>(t.app, listDealers, { dealersName: '%' }, as)).body.objectResult?.totalSize,
    ).toBe(0);
    expect((await call<{ totalSize: number }>(t.app, listDealers, { level: 2 }, as)).body.objectResult?.totalSize).toBe(
      0,
    );
    expect((await call(t.app, listDealers, { level: 6 }, as)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
  });
});

describe('add dealer', () => {
  it('adds a level below the parent with an admin account whose one-time password signs in', async () => {
    const body = fields();
    const added = await call<{
      dealer: { level: number; parentId: string; dealersId: string };
      adminPhone: string;
      adminPassword: string;
    }>(t.app, addDealers, body, as);
    expect(added.body.error_code, JSON.stringify(added.body)).toBe(0);
    const result = added.body.objectResult!;
    expect(result.dealer).toMatchObject({ level: 3, parentId: tree.caller.dealerId });
    expect(result.adminPhone).toBe(body.contactPhone);
    const session = await loginAs(t.app, body.contactPhone, result.adminPassword);
    const buttons = await call<string>(
      t.app,
      getAllButtonRoles,
      { dealersId: result.dealer.dealersId },
      { sessionid: session },
    );
    expect(buttons.body.objectResult).toContain('B135');
    const log = await t.db
      .selectFrom('account_log')
      .select('action')
      .where('user_name', '=', body.contactPhone)
      .execute();
    expect(log.map((row) => row.action)).toContain('memberAdded');
  });

  it('refuses level 6, a used code, unknown areas, extra fields and a licence not uploaded here', async () => {
    let parent = tree.nodes.A11.dealerId;
    for (let level = 4; level <= 5; level += 1) {
      const added = await call<{ dealer: { dealersId: string; level: number } }>(
        t.app,
        addDealers,
        { ...fields(), parentId: parent },
        as,
      );
      expect(added.body.objectResult?.dealer.level).toBe(level);
      parent = added.body.objectResult!.dealer.dealersId;
    }
    expect((await call(t.app, addDealers, { ...fields(), parentId: parent }, as)).body).toMatchObject({
      error_code: ErrorCode.DEALER_LEVEL_EXCEEDED,
      error_msg: 'Dealers can be at most level 5',
    });
    const taken = await call(t.app, addDealers, fields({ dealersCode: `MX-A11-${tree.nodes.A11.dealerId}` }), as);
    expect(taken.body.error_code).toBe(0);
    expect(
      (await call(t.app, addDealers, fields({ dealersCode: `MX-A11-${tree.nodes.A11.dealerId}` }), as)).body.error_code,
    ).toBe(ErrorCode.DEALER_CODE_TAKEN);
    expect((await call(t.app, addDealers, fields({ provinceCode: '990000' }), as)).body).toMatchObject({
      error_code: ErrorCode.AREA_UNKNOWN,
      error_msg: 'Unknown province or city code: 990000',
    });
    expect((await call(t.app, addDealers, fields({ cityCode: '310100' }), as)).body.error_code).toBe(
      ErrorCode.AREA_UNKNOWN,
    );
    for (const extra of [{ level: 1 }, { companyId: '1' }, { parentId: '1', level: 0 }]) {
      expect((await call(t.app, addDealers, fields(extra), as)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
    }
    const proto = await t.app.inject({
      method: 'POST',
      url: `${addDealers.path}?language=en_US`,
      headers: { 'content-type': 'application/json' },
      payload: `{"__proto__":{"level":0},${JSON.stringify(fields()).slice(1, -1)},"sessionid":"${as.sessionid}","dealersId":"${as.dealersId}"}`,
    });
    expect(proto.json().error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(
      (await call(t.app, addDealers, fields({ licenceImg: 'https://evil.example/x.png' }), as)).body.error_code,
    ).toBe(ErrorCode.BAD_REQUEST);
    const notOurs = await call(
      t.app,
      addDealers,
      fields({ licenceImg: '/uploads/00000000-0000-0000-0000-000000000000.png' }),
      as,
    );
    expect(notOurs.body).toMatchObject({
      error_code: ErrorCode.IMAGE_UNKNOWN,
      error_msg: 'The licence picture was not found; please upload it again',
    });
  });

  it('stores a licence image the upload call produced', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
    const boundary = '----org-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="sessionid"\r\n\r\n${as.sessionid}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: uploadImage.path,
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        sessionid: as.sessionid,
        dealersid: as.dealersId,
      },
    });
    const url = uploaded.json().objectResult.url as string;
    const added = await call<{ dealer: { licenceImg: string } }>(t.app, addDealers, fields({ licenceImg: url }), as);
    expect(added.body.objectResult?.dealer.licenceImg).toBe(url);
  });
});

describe('dealer detail, edit, enable, delete', () => {
  it('answers base info, counts, sale scope and pages of sub-dealers and members', async () => {
    const detail = await call<{
      info: { childCount: number; memberCount: number };
      subDealers: { totalSize: number };
      members: { list: Array<{ memberId: string }> };
    }>(t.app, dealersDetail, { id: tree.caller.dealerId }, as);
    expect(detail.body.objectResult?.members.list.map((member) => member.memberId)).toEqual([tree.caller.memberId]);
    expect(detail.body.objectResult?.info.memberCount).toBe(1);
    expect(detail.body.objectResult?.subDealers.totalSize).toBe(detail.body.objectResult?.info.childCount);
  });

  it('edits a dealer and its own company; never its level or parent', async () => {
    const edited = await call<{ dealersName: string; level: number }>(
      t.app,
      editDealers,
      { id: tree.nodes.A11.dealerId, version: 1, ...fields({ dealersName: 'Shijiazhuang Service' }) },
      as,
    );
    expect(edited.body.objectResult).toMatchObject({ dealersName: 'Shijiazhuang Service', level: 3, version: 2 });
    expect(
      (await call(t.app, editDealers, { id: tree.caller.dealerId, version: 1, ...fields() }, as)).body.error_code,
    ).toBe(0);
    expect(
      (await call(t.app, editDealers, { id: tree.nodes.A11.dealerId, version: 2, ...fields(), level: 1 }, as)).body
        .error_code,
    ).toBe(ErrorCode.BAD_REQUEST);
    expect((await call(t.app, editDealers, { id: tree.nodes.A11.dealerId, ...fields() }, as)).body.error_code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });

  it('disables a sub-dealer, whose members then cannot act in it, and not its own company', async () => {
    const child = await buildMatrixTree(t.app, t.db);
    const childAs = { sessionid: child.callerSession, dealersId: child.caller.dealerId };
    const a11Session = await loginAs(t.app, child.nodes.A11.phone);
    expect(
      (await call(t.app, listDealers, {}, { sessionid: a11Session, dealersId: child.nodes.A11.dealerId })).body
        .error_code,
    ).toBe(0);
    expect(
      (await call(t.app, setDealersEnabled, { id: child.nodes.A11.dealerId, enabled: false }, childAs)).body.error_code,
    ).toBe(0);
    expect(
      (await call(t.app, listDealers, {}, { sessionid: a11Session, dealersId: child.nodes.A11.dealerId })).body
        .error_code,
    ).toBe(ErrorCode.PERMISSION_DENIED);
    expect(
      (await call(t.app, setDealersEnabled, { id: child.caller.dealerId, enabled: false }, childAs)).body.error_code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect(
      (await call(t.app, setDealersEnabled, { id: child.nodes.A11.dealerId, enabled: true }, childAs)).body.error_code,
    ).toBe(0);
  });

  it('disabling a dealer closes its whole subtree: members of a level-2 dealer under it are refused', async () => {
    const own = await buildMatrixTree(t.app, t.db);
    const rootAs = { sessionid: await loginAs(t.app, own.nodes.P.phone), dealersId: own.nodes.P.dealerId };
    const level2 = { sessionid: own.callerSession, dealersId: own.caller.dealerId };
    const level3 = { sessionid: await loginAs(t.app, own.nodes.A11.phone), dealersId: own.nodes.A11.dealerId };
    const companies = async (as: { sessionid: string }) =>
      (await call<Array<{ dealersId: string }>>(t.app, getDealersByUser, {}, as)).body.objectResult?.map(
        (company) => company.dealersId,
      );
    expect(await companies(level2)).toEqual([own.caller.dealerId]);
    expect((await call(t.app, listDealers, {}, level2)).body.error_code).toBe(0);

    expect(
      (await call(t.app, setDealersEnabled, { id: own.nodes.A.dealerId, enabled: false }, rootAs)).body.error_code,
    ).toBe(0);
    for (const member of [level2, level3]) {
      expect((await call(t.app, listDealers, {}, member)).body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
      expect((await call(t.app, getAllButtonRoles, { dealersId: member.dealersId }, member)).body.error_code).toBe(
        ErrorCode.NOT_A_MEMBER,
      );
      expect(await companies(member)).toEqual([]);
    }
    // The sibling branch and the company that disabled it stay open.
    const level1B = { sessionid: await loginAs(t.app, own.nodes.B.phone), dealersId: own.nodes.B.dealerId };
    expect((await call(t.app, listDealers, {}, level1B)).body.error_code).toBe(0);
    expect((await call(t.app, listDealers, {}, rootAs)).body.error_code).toBe(0);

    expect(
      (await call(t.app, setDealersEnabled, { id: own.nodes.A.dealerId, enabled: true }, rootAs)).body.error_code,
    ).toBe(0);
    expect((await call(t.app, listDealers, {}, level2)).body.error_code).toBe(0);
    expect(await companies(level3)).toEqual([own.nodes.A11.dealerId]);
  });

  it('refuses deleting a dealer with sub-dealers or members, in both languages, and deletes an empty one', async () => {
    const parent = await emptyChild(t.db, tree.caller);
    await emptyChild(t.db, { ...tree.caller, dealerId: parent, level: tree.caller.level + 1 });
    expect((await call(t.app, deleteDealers, { id: parent }, { ...as })).body).toMatchObject({
      error_code: ErrorCode.DEALER_HAS_SUB_DEALERS,
      error_msg: 'This dealer still has sub-dealers; hand them over or delete them first',
    });
    expect((await call(t.app, deleteDealers, { id: parent }, { ...as, language: 'zh_CN' })).body.error_msg).toBe(
      '该经销商还有下级经销商，请先移交或删除',
    );
    const staffed = await emptyChild(t.db, tree.caller);
    await insertMember(t.db, { dealerId: staffed, userId: tree.nodes.A11.userId, roleIds: [] });
    const withMember = await call(t.app, deleteDealers, { id: staffed }, as);
    expect(withMember.body.error_code).toBe(ErrorCode.DEALER_HAS_MEMBERS);
    const withDepartment = await emptyChild(t.db, tree.caller);
    await t.db
      .insertInto('departments' as never)
      .values({ owner_dealer_id: withDepartment, code: 'D-1', name: 'Assembly', production_base: 'Ningbo' } as never)
      .execute();
    expect((await call(t.app, deleteDealers, { id: withDepartment }, as)).body).toMatchObject({
      error_code: ErrorCode.DEALER_HAS_RECORDS,
      error_msg: 'This dealer still has customers, PDA users, departments or engineers; delete or move them first',
    });
    expect((await call(t.app, dealersDetail, { id: withDepartment }, as)).body.error_code).toBe(0);
    const leaf = await emptyChild(t.db, tree.caller);
    expect((await call(t.app, deleteDealers, { id: leaf }, as)).body.error_code).toBe(0);
    expect((await call(t.app, dealersDetail, { id: leaf }, as)).body.error_code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('hand-over, sale scope, admin password', () => {
  it('moves sub-dealers with their subtrees, recomputing levels; refuses cycles and level 6', async () => {
    const own = await buildMatrixTree(t.app, t.db);
    const ownAs = { sessionid: own.callerSession, dealersId: own.caller.dealerId };
    const from = await emptyChild(t.db, own.caller);
    const middle = await emptyChild(t.db, { ...own.caller, dealerId: from, level: 3 });
    const deep = await emptyChild(t.db, { ...own.caller, dealerId: middle, level: 4 });
    expect((await call(t.app, handOverDealers, { id: own.caller.dealerId, toId: from }, ownAs)).body).toMatchObject({
      error_code: ErrorCode.DEALER_CYCLE,
    });
    const level4 = await emptyChild(t.db, own.nodes.A11);
    expect((await call(t.app, handOverDealers, { id: from, toId: level4 }, ownAs)).body.error_code).toBe(
      ErrorCode.DEALER_LEVEL_EXCEEDED,
    );
    const target = await emptyChild(t.db, own.caller);
    const targets = await call<{ list: Array<{ dealersId: string }> }>(
      t.app,
      listDealers,
      { handOverFrom: from, pageSize: 100 },
      ownAs,
    );
    const offered = targets.body.objectResult?.list.map((item) => item.dealersId) ?? [];
    expect([...offered].sort()).toEqual([own.caller.dealerId, own.nodes.A11.dealerId, target].sort());
    expect(offered.filter((id) => [from, middle, deep, level4].includes(id))).toEqual([]);
    expect((await call(t.app, listDealers, { handOverFrom: tree.caller.dealerId }, ownAs)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const moved = await call<{ moved: number }>(t.app, handOverDealers, { id: from, toId: target }, ownAs);
    expect(moved.body.objectResult?.moved).toBe(2);
    const rows = await t.db
      .selectFrom('dealers')
      .select(['id', 'parent_id', 'level', 'path'])
      .where('id', 'in', [middle, deep])
      .orderBy('level')
      .execute();
    expect(rows.map((row) => [row.parent_id, row.level])).toEqual([
      [target, 4],
      [middle, 5],
    ]);
    expect(rows[1]!.path).toMatch(new RegExp(`/${target}/${middle}/${deep}/$`));
  });

  it('gets and sets the sale scope with known codes only', async () => {
    const set = await call<{ areas: string[] }>(
      t.app,
      setSaleScope,
      { id: tree.nodes.A11.dealerId, areas: ['310000', '130100', '130100'] },
      as,
    );
    expect(set.body.objectResult?.areas).toEqual(['130100', '310000']);
    expect(
      (await call<{ areas: string[] }>(t.app, getSaleScope, { id: tree.nodes.A11.dealerId }, as)).body.objectResult
        ?.areas,
    ).toEqual(['130100', '310000']);
    expect(
      (await call(t.app, setSaleScope, { id: tree.nodes.A11.dealerId, areas: ['130102'] }, as)).body.error_code,
    ).toBe(ErrorCode.AREA_UNKNOWN);
    expect((await call(t.app, setSaleScope, { id: tree.nodes.A11.dealerId, areas: ['13'] }, as)).body.error_code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });

  it('regenerates the admin password once: the new one signs in, the old one no longer', async () => {
    const body = fields();
    const added = await call<{ dealer: { dealersId: string }; adminPassword: string }>(t.app, addDealers, body, as);
    const first = added.body.objectResult!.adminPassword;
    const again = await call<{ adminPhone: string; password: string }>(
      t.app,
      resetDealerAdminPassword,
      { id: added.body.objectResult!.dealer.dealersId },
      as,
    );
    expect(again.body.objectResult?.adminPhone).toBe(body.contactPhone);
    expect(again.body.objectResult?.password).not.toBe(first);
    expect((await call(t.app, login, { name: body.contactPhone, password: digest(first) })).body.error_code).toBe(
      ErrorCode.SIGN_IN_FAILED,
    );
    await loginAs(t.app, body.contactPhone, again.body.objectResult!.password);
  });

  it('never resets the password of an admin account that a company outside the subtree uses', async () => {
    const foreignPhone = tree.nodes.C.phone;
    const added = await call<{ dealer: { dealersId: string }; adminPassword: string | null }>(
      t.app,
      addDealers,
      fields({ contactPhone: foreignPhone }),
      as,
    );
    expect(added.body.objectResult).toMatchObject({ adminPassword: null, adminInvited: true });
    // Even once the account is the admin (as if it had accepted), it still works for C.
    await insertMember(t.db, {
      dealerId: added.body.objectResult!.dealer.dealersId,
      userId: tree.nodes.C.userId,
      roleIds: [],
    });
    await t.db
      .updateTable('dealers')
      .set({ admin_user_id: tree.nodes.C.userId } as never)
      .where('id', '=', added.body.objectResult!.dealer.dealersId)
      .execute();
    expect(
      (await call(t.app, resetDealerAdminPassword, { id: added.body.objectResult!.dealer.dealersId }, as)).body
        .error_code,
    ).toBe(ErrorCode.NOT_FOUND);
    await loginAs(t.app, foreignPhone);
  });
});
