import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  NOTIFICATION_CODES,
  NotificationListQuery,
  notificationText,
  PushSubscriptionBody,
  SendNotificationRequest,
  TopicParams,
} from './notifications.js';
import { SIGFOX_TOKEN_WARNING_RATIO, sigfoxTokenRatio } from './sigfox.js';
import { isProviderStaff } from './user.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const subscription = {
  endpoint: 'https://push.example.net/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'MDEyMzQ1Njc4OWFiY2RlZg' },
};

describe('notification schemas', () => {
  it('reads the list query with the defaults of SPEC section 9', () => {
    expect(NotificationListQuery.parse({})).toEqual({ onlyUnread: false, page: 1, pageSize: 10 });
    expect(NotificationListQuery.parse({ onlyUnread: 'true', page: '3', pageSize: '50' })).toEqual({
      onlyUnread: true,
      page: 3,
      pageSize: 50,
    });
    expect(issues(NotificationListQuery.safeParse({ pageSize: '20', page: '0' }))).toEqual({
      pageSize: 'validation.invalid',
      page: 'validation.invalid',
    });
  });

  it("takes a browser's push subscription, and refuses keys of the wrong size", () => {
    expect(PushSubscriptionBody.safeParse(subscription).success).toBe(true);
    expect(PushSubscriptionBody.safeParse({ ...subscription, endpoint: 'http://127.0.0.1:9/x' }).success).toBe(true);
    expect(issues(PushSubscriptionBody.safeParse({ ...subscription, keys: { p256dh: 'AAAA', auth: 'AAAA' } }))).toEqual(
      { 'keys.p256dh': 'validation.invalid', 'keys.auth': 'validation.invalid' },
    );
    expect(issues(PushSubscriptionBody.safeParse({ endpoint: 'ftp://x.example/y', keys: {} }))).toEqual({
      endpoint: 'validation.invalid',
      'keys.p256dh': 'validation.required',
      'keys.auth': 'validation.required',
    });
  });

  it('keeps a topic to two segments', () => {
    expect(TopicParams.safeParse({ a: 'acme', b: 'alarms' }).success).toBe(true);
    expect(issues(TopicParams.safeParse({ a: 'acme/x', b: 'alarms' }))).toEqual({ a: 'validation.invalid' });
  });

  it('needs recipients to send to', () => {
    const message = { title: 'Maintenance', body: '' };
    expect(issues(SendNotificationRequest.safeParse({ message }))).toEqual({ emails: 'validation.required' });
    expect(SendNotificationRequest.safeParse({ message, topic: { a: 'acme', b: 'alarms' } }).success).toBe(true);
  });
});

describe('Sigfox token records', () => {
  it('computes the share of tokens in use, 0 without a maximum', () => {
    expect(sigfoxTokenRatio({ maxTokens: 5000, tokensInUse: 4600 })).toBe(0.92);
    expect(sigfoxTokenRatio({ maxTokens: 5000, tokensInUse: 4600 }) >= SIGFOX_TOKEN_WARNING_RATIO).toBe(true);
    expect(sigfoxTokenRatio({ maxTokens: 0, tokensInUse: 3 })).toBe(0);
  });
});

describe('isProviderStaff', () => {
  it('is true for the product role only', () => {
    expect(isProviderStaff({ role: 'product' })).toBe(true);
    expect(isProviderStaff({ role: 'user' })).toBe(false);
  });
});

describe('notificationText', () => {
  const stored = { title: 'Maintenance tonight', body: 'From 22:00.' };

  it('words a code in the language asked, its numbers as the language writes them', () => {
    const content = {
      code: 'notification.sigfox_tokens',
      params: { percent: '92', type: 'GOLD', inUse: '4600', max: '5000' },
      message: { title: '', body: '' },
    };
    expect(notificationText(content, 'en')).toEqual({
      title: 'Sigfox tokens at 92%',
      body: 'The GOLD contract has 4,600 of its 5,000 tokens in use. Buy more before new devices are refused.',
    });
    expect(notificationText(content, 'pt').title).toBe('Tokens Sigfox a 92%');
  });

  it('keeps free text, and a code this version does not know, as stored', () => {
    expect(notificationText({ code: null, params: {}, message: stored }, 'pt')).toEqual(stored);
    expect(notificationText({ code: 'notification.from_the_future', params: {}, message: stored }, 'pt')).toEqual(
      stored,
    );
  });

  it('has a title and a body in every language for every code', () => {
    for (const language of ['en', 'pt'] as const) {
      for (const code of NOTIFICATION_CODES) {
        expect(Object.keys(MESSAGES[language])).toEqual(expect.arrayContaining([`${code}.title`, `${code}.body`]));
      }
    }
  });
});
