import { describe, expect, it } from 'vitest';
import { isPublicPushEndpoint } from './endpoint-policy.js';

describe('push endpoint policy', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/x',
    'https://web.push.apple.com/QGx',
    'https://8.8.8.8/x',
  ])('allows %s', (endpoint) => expect(isPublicPushEndpoint(endpoint)).toBe(true));

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://localhost/x',
    'https://127.0.0.1:8080/x',
    'https://10.1.2.3/x',
    'https://172.20.0.1/x',
    'https://192.168.1.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/x',
    'https://[fd00::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://metadata.google.internal/x',
    'https://printer.local/x',
    'https://intranet/x',
    'not a url',
  ])('refuses %s', (endpoint) => expect(isPublicPushEndpoint(endpoint)).toBe(false));
});
