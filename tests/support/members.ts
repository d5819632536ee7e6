import { encodeGlobalID } from '@pothos/plugin-relay';
import type { TestApp } from './app';

/**
 * Members made through the public REST API, as a person would sign up: against an in-process
 * test app, or a running server given by its base URL (`http://127.0.0.1:8123`).
 */
export type HttpTarget = Pick<TestApp, 'request'> | string;

/** POSTs JSON (with the bearer token if given); answers the status and the parsed body. */
export async function postJson(target: HttpTarget, path: string, json: unknown, token?: string) {
  const response =
    typeof target === 'string'
      ? await fetch(`${target}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(json),
        })
      : await target.request('POST', path, { json, token });
  return { status: response.status, body: (await response.json()) as any };
}

let counter = 0;
/** A unique new member's registration fields. */
export function newMember(overrides: Record<string, string> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${counter}`;
  return {
    first_name: 'Иван',
    last_name: 'Петров',
    username: `ivan_${tag}`,
    email: `ivan.${tag}@example.ru`,
    password: 'secret123',
    ...overrides,
  };
}

/** Registers a new member; answers its registration fields, database id and global id. */
export async function registerMember(target: HttpTarget, overrides: Record<string, string> = {}) {
  const member = newMember(overrides);
  const registered = await postJson(target, '/auth/register', member);
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  // A self sign-up answers without an id (it must not reveal whether the email was free): signing in tells it.
  const id = (await signIn(target, member.email, member.password)).user.id as number;
  return { ...member, id, globalId: encodeGlobalID('User', id) };
}

/** Signs in by email and password; answers the access token and the REST user. */
export async function signIn(target: HttpTarget, email: string, password: string) {
  const login = await postJson(target, '/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { token: login.body.access_token as string, user: login.body.user };
}

/** Registers a new member and signs in; answers the member's fields, the token and the REST user. */
export async function registerAndLogin(target: HttpTarget, overrides: Record<string, string> = {}) {
  const member = await registerMember(target, overrides);
  return { member, ...(await signIn(target, member.email, member.password)) };
}

/** The demo administrator of the seeded database (prisma/seed.ts). */
export const DEMO_ADMIN = { email: 'admin@linkup.ru', password: 'admin123' };

/** A demo member of the seeded database (prisma/seed.ts), with publications and contacts. */
export const DEMO_MEMBER = { email: 'anna@linkup.ru', password: 'user123' };

/**
 * A new administrator account, created by the demo administrator (createUser): for a browser spec
 * that must have an admin of its own. Each sign-in to the demo admin from a parallel spec toasts "signed
 * in from another device" on its open pages, and a toast under the pointer stays (it pauses on hover).
 */
export async function createAdmin(target: HttpTarget) {
  const { token } = await signIn(target, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const admin = newMember();
  const created = await postJson(
    target,
    '/graphql',
    {
      query: 'mutation($input: CreateUserInput!) { createUser(input: $input) { __typename } }',
      variables: {
        input: {
          firstName: admin.first_name,
          lastName: admin.last_name,
          username: admin.username,
          email: admin.email,
          password: admin.password,
          role: 'ADMIN',
        },
      },
    },
    token,
  );
  if (created.body.data?.createUser?.__typename !== 'AdminUserChange') {
    throw new Error(`createUser failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  return admin;
}

/** A new member made administrator in the database (how tests get an admin): its token and id. */
export async function registerAdmin(app: Pick<TestApp, 'request' | 'db'>) {
  const { member, token } = await registerAndLogin(app);
  await app.db.prisma.user.update({ where: { id: member.id }, data: { role: 'admin' } });
  return { token, id: member.id };
}
