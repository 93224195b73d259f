import { afterAll, beforeAll, expect, it } from 'vitest';
import { userRoles } from '../../db/schema/index';
import { createTestApp, signUp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest } from '../../test/merchant-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

it('tells the Security tab who is an admin from the user_roles table, never from the caller', async () => {
  const member = await signUp(t.app);
  const admin = await signUp(t.app);
  await t.db.insert(userRoles).values({ userId: admin.user.id, role: 'admin' });

  const asMember = await dashboardRequest(t, member.cookie, 'GET', '/api/account/security');
  expect(asMember.json()).toMatchObject({ isAdmin: false, sessionTimeoutMinutes: 15, maxSessionHours: 24 });
  const asAdmin = await dashboardRequest(t, admin.cookie, 'GET', '/api/account/security');
  expect(asAdmin.json().isAdmin).toBe(true);

  // The settings input has no say in it.
  const forged = await dashboardRequest(t, member.cookie, 'PUT', '/api/account/security', { isAdmin: true });
  expect(forged.statusCode).toBe(400);
});

it('answers 401 without a session', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/account/security' });
  expect(res.statusCode).toBe(401);
});
