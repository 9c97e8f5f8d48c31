import { addProject, addProjectPhoto, Button, REQUIRED_PHOTO_GROUPS, type CallDef } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { loadConfig } from '../src/config.ts';
import type { DB } from '../src/db/schema.ts';
import { secretBox } from '../src/modules/devices/secret-box.ts';
import { newDealer, newDevice, newMember, newProduct, newUser } from './factories.ts';
import { call, loginAs, type TestApp } from './harness.ts';
import { uploadedUrl } from './uploads.ts';

/** Who calls in the project tests: a member of a company with some buttons, and how it calls. */
export interface ProjectCaller {
  as: { sessionid: string; dealersId: string };
  api<T = Record<string, unknown>>(
    entry: CallDef,
    payload: Record<string, unknown>,
    language?: string,
  ): Promise<{
    error_code: number;
    error_msg: string;
    objectResult: T | null;
  }>;
}

/** P (level 0) -> A -> A1, and B beside A; staff of A without the audit button, an auditor of A, staff of A1 and of B. */
export interface ProjectWorld {
  t: TestApp;
  P: string;
  A: string;
  A1: string;
  B: string;
  staff: ProjectCaller;
  auditor: ProjectCaller;
  branch: ProjectCaller;
  stranger: ProjectCaller;
  /** Products: an ordinary unit, a centralized controller, a temperature/humidity sensor. */
  unit: string;
  controller: string;
  sensor: string;
}

export async function caller(t: TestApp, dealerId: string, buttons: readonly string[]): Promise<ProjectCaller> {
  const user = await newUser(t.db, { realName: `Staff ${dealerId}` });
  await newMember(t.db, dealerId, user.id, buttons);
  const as = { sessionid: await loginAs(t.app, user.phone), dealersId: dealerId };
  return {
    as,
    api: async (entry, payload, language) => (await call(t.app, entry, payload, { ...as, language })).body as never,
  };
}

async function productOf(db: Kysely<DB>, flags: { central_control?: boolean; th_sensor?: boolean }) {
  const id = await newProduct(db);
  await db.updateTable('products').set(flags).where('id', '=', id).execute();
  return id;
}

export async function projectWorld(t: TestApp): Promise<ProjectWorld> {
  const P = await newDealer(t.db, { level: 0 });
  const A = await newDealer(t.db, { parentId: P, level: 1 });
  const A1 = await newDealer(t.db, { parentId: A, level: 2 });
  const B = await newDealer(t.db, { parentId: P, level: 1 });
  const projectButtons = [Button.PROJECT_MANAGE, Button.PROJECTS, Button.HOME, Button.DEVICES];
  return {
    t,
    P,
    A,
    A1,
    B,
    staff: await caller(t, A, projectButtons),
    auditor: await caller(t, A, [...projectButtons, Button.PROJECT_AUDIT]),
    branch: await caller(t, A1, projectButtons),
    stranger: await caller(t, B, [...projectButtons, Button.PROJECT_AUDIT]),
    unit: await newProduct(t.db),
    controller: await productOf(t.db, { central_control: true }),
    sensor: await productOf(t.db, { th_sensor: true }),
  };
}

const box = secretBox(loadConfig({}).deviceSecretKey);
/** A device of a dealer with a product (the world's ordinary unit by default); answers its id. */
export const projectDevice = (world: ProjectWorld, dealerId: string, productId = world.unit) =>
  newDevice(world.t.db, dealerId, box, productId);

let sequence = 0;
/** Valid fields of a new project. */
export const projectFields = (overrides: Record<string, unknown> = {}) => ({
  projectName: `Hotel hot water ${(sequence += 1)}`,
  isCenControl: 'N',
  type: 'hotel',
  area: 1250.5,
  province: '310000',
  address: '88 Century Avenue, Pudong',
  userName: 'Zhang San',
  userPhone: '13800138000',
  application: 'energySaving',
  longitude: 121.5,
  latitude: 31.23,
  ...overrides,
});

/** Adds a project as the caller and answers its id (throws when refused). */
export async function newProject(who: ProjectCaller, overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await who.api<{ projectId: string }>(addProject, projectFields(overrides));
  if (answer.error_code !== 0) throw new Error(`addProject refused: ${JSON.stringify(answer)}`);
  return answer.objectResult!.projectId;
}

/** Fills every required photo group of a project with one uploaded png. */
export async function fillRequiredPhotos(t: TestApp, who: ProjectCaller, projectId: string): Promise<void> {
  for (const group of REQUIRED_PHOTO_GROUPS) {
    const url = await uploadedUrl(t.app, who.as);
    const answer = await who.api(addProjectPhoto, { projectId, group, url });
    if (answer.error_code !== 0) throw new Error(`addProjectPhoto refused: ${JSON.stringify(answer)}`);
  }
}
