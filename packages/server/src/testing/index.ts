export {
  createBrowserSubscription,
  type PushService,
  type ReceivedPush,
  readVapidAuthorization,
  startPushService,
} from './push-service.js';
export { linkIn, type ReceivedMail, type SmtpInbox, startSmtpInbox } from './smtp-inbox.js';
