import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listNotificationsOutput,
  listNotificationsQuery,
  markNotificationsReadOutput,
  notificationPreferencesOutput,
  updateNotificationPreferencesInput,
} from '#common/api/notifications';
import type { AppContext } from '../../app-context';
import { requireMerchantForScope } from '../auth';
import { recordSettingsChange } from '../security-events';
import { listNotifications, markNotificationsRead } from './inbox';
import { preferencesOf, saveNotificationPreferences } from './preferences';

/**
 * Settings › Notifications (the switches) and the bell (the in-app list, marking read). Session cookie
 * + same-origin; every query is scoped by the signed-in merchant.
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'clock'>,
) {
  const { db } = ctx;
  const clock = ctx.clock;
  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, db);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/notifications/preferences',
      { schema: { response: { 200: notificationPreferencesOutput } } },
      async (request) => ({ preferences: preferencesOf(merchantOf(request).notificationPreferences) }),
    );

    r.put(
      '/api/notifications/preferences',
      {
        schema: {
          body: updateNotificationPreferencesInput,
          response: { 200: notificationPreferencesOutput },
        },
      },
      async (request) => {
        const merchantId = merchantOf(request).id;
        const preferences = await saveNotificationPreferences(
          db,
          merchantId,
          request.body.preferences,
          clock.now(),
        );
        await recordSettingsChange(db, request, {
          merchantId,
          area: 'notifications',
          action: 'updated',
          changes: { preferences },
        });
        return { preferences };
      },
    );

    r.get(
      '/api/notifications',
      { schema: { querystring: listNotificationsQuery, response: { 200: listNotificationsOutput } } },
      (request) => listNotifications(db, merchantOf(request).id, request.query.limit),
    );

    r.post(
      '/api/notifications/read',
      { schema: { response: { 200: markNotificationsReadOutput } } },
      async (request) => ({
        unread_count: await markNotificationsRead({ db, clock }, merchantOf(request).id),
      }),
    );

    r.post(
      '/api/notifications/:id/read',
      {
        schema: {
          params: z.object({ id: z.uuid('No such notification.') }),
          response: { 200: markNotificationsReadOutput },
        },
      },
      async (request) => ({
        unread_count: await markNotificationsRead({ db, clock }, merchantOf(request).id, request.params.id),
      }),
    );
  });
}
