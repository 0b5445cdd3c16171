import {
  CountResponse,
  ErrorResponse,
  type Language,
  Notification,
  NotificationDetails,
  NotificationInstances,
  NotificationListQuery,
  NotificationPage,
  NotificationParams,
  OkResponse,
  PushSubscriptionBody,
  PushTokenParams,
  SendNotificationRequest,
  SendNotificationResponse,
  TopicParams,
  UnreadCount,
} from '@iot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import { requestLanguage } from '../../http/language.js';
import type { AuthService } from '../auth/service.js';
import { presentDelivery, presentNotification } from './present.js';
import type { NotificationsService } from './service.js';

const tags = ['notifications'];
const base = '/push-notification';

/** The language notifications are worded in: the `lang` query's, else the signed-in user's own. */
function readerLanguage(request: FastifyRequest): Language {
  return new URL(request.url, 'http://host').searchParams.has('lang')
    ? requestLanguage(request)
    : sessionOf(request).user.language;
}

/** The signed-in user's notifications, push subscriptions and topics; every call sees only the caller's own. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  notifications: NotificationsService;
}> = async (app, { auth, notifications }) => {
  // On request, before the body is read and validated: a signed-out caller learns nothing about valid input.
  const onRequest = requireSession(auth);

  app.get(
    `${base}/user-notifications`,
    {
      onRequest,
      schema: {
        tags,
        summary: "One page of one's notifications, newest first",
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const page = await notifications.list(sessionOf(request).user, request.query);
      const language = readerLanguage(request);
      return {
        data: page.rows.map((row) => presentNotification(row, language)),
        totalElements: page.totalElements,
        hasNext: page.hasNext,
      };
    },
  );

  app.get(
    `${base}/unread-count`,
    {
      onRequest,
      schema: {
        tags,
        summary: "How many of one's notifications are unread",
        response: { 200: UnreadCount, 401: ErrorResponse },
      },
    },
    async (request) => ({ count: await notifications.unreadCount(sessionOf(request).user) }),
  );

  app.post(
    `${base}/:id/read`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Mark one of one's notifications read",
        params: NotificationParams,
        response: { 200: Notification, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      presentNotification(
        await notifications.markRead(sessionOf(request).user, request.params.id),
        readerLanguage(request),
      ),
  );

  app.post(
    `${base}/read-all`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Mark every one of one's notifications read; answers how many were unread",
        response: { 200: CountResponse, 401: ErrorResponse },
      },
    },
    async (request) => ({ count: await notifications.markAllRead(sessionOf(request).user) }),
  );

  app.delete(
    `${base}/:id/delete`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Delete one of one's notifications",
        params: NotificationParams,
        response: { 200: CountResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => ({ count: await notifications.delete(sessionOf(request).user, request.params.id) }),
  );

  app.delete(
    `${base}/delete-all`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Delete every one of one's notifications; answers how many",
        response: { 200: CountResponse, 401: ErrorResponse },
      },
    },
    async (request) => ({ count: await notifications.deleteAll(sessionOf(request).user) }),
  );

  app.get(
    `${base}/list-details/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: "One of one's notifications with how its push deliveries went",
        params: NotificationParams,
        response: { 200: NotificationDetails, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { notification, deliveries } = await notifications.details(sessionOf(request).user, request.params.id);
      return { ...presentNotification(notification, readerLanguage(request)), deliveries };
    },
  );

  app.get(
    `${base}/list-instances/:id`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Every push delivery attempt of one of one's notifications, oldest first",
        params: NotificationParams,
        response: { 200: NotificationInstances, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => ({
      data: (await notifications.deliveries(sessionOf(request).user, request.params.id)).map(presentDelivery),
    }),
  );

  app.post(
    `${base}/subscribe-to-topic-fadmin/:a/:b`,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Subscribe to the topic `a/b` (again is fine)',
        params: TopicParams,
        response: { 200: OkResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await notifications.subscribeToTopic(sessionOf(request).user, request.params);
      return { detail: 'subscribed' };
    },
  );

  app.delete(
    `${base}/unsubscribe-from-topic-fadmin/:a/:b`,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Unsubscribe from the topic `a/b` (again is fine)',
        params: TopicParams,
        response: { 200: OkResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await notifications.unsubscribeFromTopic(sessionOf(request).user, request.params);
      return { detail: 'unsubscribed' };
    },
  );

  app.post(
    `${base}/store-token/:token`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Store or update this browser's web-push subscription under the client's id `token`",
        params: PushTokenParams,
        body: PushSubscriptionBody,
        response: { 200: OkResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await notifications.storePushSubscription(sessionOf(request).user, request.params.token, request.body);
      return { detail: 'stored' };
    },
  );

  app.delete(
    `${base}/delete-stored-token/:token`,
    {
      onRequest,
      schema: {
        tags,
        summary: "Forget one of one's web-push subscriptions",
        params: PushTokenParams,
        response: { 200: OkResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      await notifications.deletePushSubscription(sessionOf(request).user, request.params.token);
      return { detail: 'deleted' };
    },
  );

  app.post(
    `${base}/send`,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Provider staff: notify users by e-mail and/or the subscribers of a topic, and push it',
        body: SendNotificationRequest,
        response: { 200: SendNotificationResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => ({ notified: await notifications.send(sessionOf(request).user, request.body) }),
  );
};
