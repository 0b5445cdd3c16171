/** Web push on this browser: a service worker that shows the pushes, and the subscription the server sends them to. */
export const PUSH_SERVICE_WORKER = '/push-sw.js';

export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A VAPID public key as the browser wants it: the bytes of its URL-safe base64. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The id the server keeps a subscription under: a hash of its endpoint, the same on every visit of this browser. */
export async function subscriptionToken(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This browser's current push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(PUSH_SERVICE_WORKER);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks the user's permission and subscribes this browser; `null` when the permission is refused. */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER);
  if ((await Notification.requestPermission()) !== 'granted') return null;
  await navigator.serviceWorker.ready;
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(vapidPublicKey),
  });
}
