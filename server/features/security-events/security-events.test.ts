import { afterAll, beforeAll, expect, it } from 'vitest';
import { securityEvents } from '../../db/schema/index';
import { createTestApp, postJson, type TestApp } from '../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('records a validation failure with only a masked e-mail', async () => {
  const res = await postJson(t.app, '/api/security-events', {
    type: 'suspicious_activity',
    details: {
      name: 'validation_failure',
      form: 'signup',
      fields: ['password'],
      email: 'merchant@example.com',
    },
    userAgent: 'test-agent',
  });
  expect(res.statusCode).toBe(204);
  const [row] = await t.db.select().from(securityEvents);
  expect(row).toMatchObject({
    type: 'suspicious_activity',
    name: 'validation_failure',
    userAgent: 'test-agent',
  });
  expect(row?.details).toEqual({ form: 'signup', fields: ['password'], email: 'mer***' });
});

it('refuses event types the browser may not report', async () => {
  const res = await postJson(t.app, '/api/security-events', {
    type: 'auth_failure',
    details: { name: 'validation_failure', form: 'signin', fields: [] },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('invalid_request');
});
