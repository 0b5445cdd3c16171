import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { SHOTS } from './support/browser.js';
import { apiSignIn } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

/** The Portuguese demo user and the English one: the same demo notifications, each worded in its reader's language. */
const TECNICO = 'tecnico@example.com';
const OPERATOR = 'operator@example.com';

const suite = useDemoSuite({ locale: 'pt-PT', viewport: { width: 1440, height: 900 } });

async function openNotifications(email: string, ui: typeof en) {
  const token = await apiSignIn(suite.server.url, email, suite.server.demoPassword());
  await suite.page.goto(`${suite.server.url}/?BearerToken=${encodeURIComponent(token)}`);
  await suite.page.waitForURL((url) => !url.searchParams.has('BearerToken'));
  await suite.page.goto(`${suite.server.url}/?notifications`);
  const dialog = suite.page.getByRole('dialog', { name: ui['notifications.title'] });
  await dialog.waitFor();
  return dialog;
}

describe('notifications', () => {
  it('reads in Portuguese to a Portuguese user, with "Mark all as read", on a desk and on a phone', async () => {
    await mkdir(SHOTS, { recursive: true });
    const dialog = await openNotifications(TECNICO, pt);
    await dialog.getByText('Alarme em Cold room 2').waitFor();
    await dialog.getByText('Temperatura: alarme n.º 1 disparado (valor 9,1 °C).').waitFor();
    await dialog.getByText('Bateria fraca').waitFor();
    expect(await dialog.getByText('Alarm on Cold room 2').count()).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/notifications-pt-1440.png` });
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await suite.page.screenshot({ path: `${SHOTS}/notifications-pt-390.png` });

    await dialog.getByRole('button', { name: pt['notifications.markAllRead'] }).click();
    await suite.page.getByText(pt['notifications.allRead']).waitFor();
    await dialog.getByRole('button', { name: pt['notifications.markRead'] }).first().waitFor({ state: 'detached' });
  });

  it('reads the same notifications in English to an English user', async () => {
    await suite.reopenBrowser({ locale: 'en-US' });
    const dialog = await openNotifications(OPERATOR, en);
    await dialog.getByText('Alarm on Cold room 2').waitFor();
    await dialog.getByText('Temperature: alarm #1 raised (value 9.1 °C).').waitFor();
    await dialog.getByRole('button', { name: en['notifications.markAllRead'] }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/notifications-en-1440.png` });
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await suite.page.screenshot({ path: `${SHOTS}/notifications-en-390.png` });
  });
});
