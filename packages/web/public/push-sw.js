// The service worker of web push: shows each notification the server pushes, and opens the notification list when
// one is clicked. The payload is the server's `{title, body, id}`.
self.addEventListener('push', (event) => {
  const payload = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(payload.title || '', {
      body: payload.body || '',
      tag: payload.id,
      data: { id: payload.id },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow('/?notifications'));
});
