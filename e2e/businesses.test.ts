import { linkIn } from '@iot/server/testing';
import { MESSAGES } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import pt from '../packages/web/src/i18n/pt.json' with { type: 'json' };
import { SHOTS } from './support/browser.js';
import { ADMIN } from './support/server.js';
import { apiSignIn, signInOnPage } from './support/session.js';
import { useDemoSuite } from './support/suite.js';

const suite = useDemoSuite();

/** Signs in through a BearerToken link and waits for `topLevel` in the side panel. */
async function signInAs(email: string, password: string, topLevel: string) {
  const token = await apiSignIn(suite.server.url, email, password);
  // `lang=en`: the Portuguese demo user would otherwise get the interface of their profile.
  await suite.page.goto(`${suite.server.url}/?BearerToken=${token}&lang=en`);
  await tree().getByText(topLevel).waitFor();
  return token;
}

const tree = () => suite.page.getByRole('navigation', { name: en['businesses.tree'] });
const actionsOf = (name: string) =>
  tree().getByRole('button', { name: en['businesses.actionsFor'].replace('{{name}}', name) });
const menuItem = (name: string) => suite.page.getByRole('menuitem', { name, exact: true });

async function businessNamed(token: string, description: string) {
  const response = await fetch(`${suite.server.url}/api/customer-business`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = (await response.json()) as { _id: string; description: string; parent: string | null }[];
  return list.find((business) => business.description === description);
}

describe('the business tree', () => {
  it('adds, renames, moves and deletes a level from the side panel', async () => {
    const token = await signInAs('operator@example.com', suite.server.demoPassword(), 'Acme Water');

    await actionsOf('North region').click();
    await menuItem(en['businesses.addChild']).click();
    const addDialog = suite.page.getByRole('dialog', {
      name: en['businesses.addChildTo'].replace('{{name}}', 'North region'),
    });
    const ok = addDialog.getByRole('button', { name: en['app.ok'] });
    await addDialog.getByLabel(en['businesses.name']).fill('   ');
    expect(await ok.isDisabled()).toBe(true);
    await addDialog.getByLabel(en['businesses.name']).fill('Aveiro plant');
    await ok.click();
    await suite.page.getByText(en['businesses.added']).waitFor();
    await tree().getByText('Aveiro plant').waitFor();

    await actionsOf('Aveiro plant').click();
    await menuItem(en['businesses.rename']).click();
    const renameDialog = suite.page.getByRole('dialog', {
      name: en['businesses.renameTitle'].replace('{{name}}', 'Aveiro plant'),
    });
    await renameDialog.getByLabel(en['businesses.name']).fill('Aveiro works');
    await renameDialog.getByRole('button', { name: en['app.ok'] }).click();
    await tree().getByText('Aveiro works').waitFor();

    await actionsOf('Aveiro works').click();
    await menuItem(en['businesses.move']).click();
    const picker = suite.page.getByRole('dialog', {
      name: en['businesses.moveTitle'].replace('{{name}}', 'Aveiro works'),
    });
    await picker.getByRole('treeitem', { name: /South region/ }).click();
    await picker.getByRole('button', { name: en['app.ok'] }).click();
    await suite.page.getByText(en['businesses.moved']).waitFor();
    const moved = await businessNamed(token, 'Aveiro works');
    const south = await businessNamed(token, 'South region');
    expect(moved?.parent).toBeTruthy();
    expect(south).toBeTruthy();
    const southFull = await (
      await fetch(`${suite.server.url}/api/customer-business/${south?._id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect((southFull as { children: string[] }).children).toContain(moved?._id);

    await actionsOf('Aveiro works').click();
    await menuItem(en['businesses.delete']).click();
    await suite.page
      .getByRole('dialog', { name: en['businesses.deleteTitle'] })
      .getByRole('button', { name: en['businesses.delete'] })
      .click();
    await suite.page.getByText(en['businesses.deleted']).waitFor();
    expect(await businessNamed(token, 'Aveiro works')).toBeUndefined();
  });

  it('tells a viewer that the level is not theirs to edit', async () => {
    await signInAs('tecnico@example.com', suite.server.demoPassword(), 'North region');
    await actionsOf('North region').click();
    await suite.page.getByText(MESSAGES.en['business.no_permission']).waitFor();
  });

  it("shows the plan-limit notice when a level would exceed the plan's hierarchy", async () => {
    const token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    await suite.page.goto(`${suite.server.url}/?BearerToken=${token}`);
    // The seeded Sigfox tokens are over 90%: the token dialog opens by itself for provider staff.
    const tokens = suite.page.getByRole('dialog', { name: en['sigfoxTokens.title'] });
    await tokens.getByRole('button', { name: en['app.close'] }).click();
    await tree().getByText('Blue Harbour Logistics').waitFor();
    await tree().getByText('Lisbon warehouse').waitFor();
    await actionsOf('Lisbon warehouse').click();
    await menuItem(en['businesses.addChild']).click();
    const dialog = suite.page.getByRole('dialog', {
      name: en['businesses.addChildTo'].replace('{{name}}', 'Lisbon warehouse'),
    });
    await dialog.getByLabel(en['businesses.name']).fill('Dock 3');
    await dialog.getByRole('button', { name: en['app.ok'] }).click();
    await suite.page.getByText(en['planLimit.title']).first().waitFor();
  });

  it('invites a new user from the users tab, who sets a password from the mail', async () => {
    const token = await signInAs('operator@example.com', suite.server.demoPassword(), 'Acme Water');
    const acme = await businessNamed(token, 'Acme Water');
    await suite.page.goto(`${suite.server.url}/businesses/${acme?._id}/acme-water/config?tab=users`);
    await suite.page.getByLabel(en['businesses.users.emails']).fill('new.person@example.com');
    await suite.page.keyboard.press('Enter');
    await suite.page.getByRole('button', { name: en['businesses.users.add'], exact: true }).click();
    await suite.page.getByText('new.person@example.com').first().waitFor();

    const mail = await suite.inbox.waitForMail('new.person@example.com');
    await suite.page.goto(linkIn(mail, '/reset-password').toString());
    await suite.page.getByLabel(en['reset.password'], { exact: true }).fill('a brand new password');
    await suite.page.getByLabel(en['reset.passwordConfirmation'], { exact: true }).fill('a brand new password');
    // An invitee had no password: the page says it is set, not changed.
    await suite.page.getByText(en['reset.invitedTitle'], { exact: true }).waitFor();
    await suite.page.getByRole('button', { name: en['reset.invitedSubmit'], exact: true }).click();
    await suite.page.getByText(en['reset.invitedDone']).waitFor();
    expect(await suite.page.getByText(en['reset.done']).count()).toBe(0);
    await suite.page.goto(`${suite.server.url}/login`);
    await signInOnPage(suite.page, 'new.person@example.com', 'a brand new password');
    await tree().getByText('Acme Water').waitFor();
  });
});

describe('the hierarchy and activity logs of a level', () => {
  it('adds a sublevel from a visible button, and the log says so in English and in Portuguese', async () => {
    const token = await signInAs('operator@example.com', suite.server.demoPassword(), 'Acme Water');
    const north = await businessNamed(token, 'North region');
    const config = `${suite.server.url}/businesses/${north?._id}/north-region/config`;
    await suite.page.setViewportSize({ width: 1440, height: 900 });
    await suite.page.goto(`${config}?tab=hierarchy&lang=en`);
    await suite.page.getByRole('button', { name: en['businesses.addChild'], exact: true }).click();
    const dialog = suite.page.getByRole('dialog', {
      name: en['businesses.addChildTo'].replace('{{name}}', 'North region'),
    });
    await dialog.getByLabel(en['businesses.name']).fill('Braga pumping station');
    await dialog.getByRole('button', { name: en['app.ok'] }).click();
    await suite.page.getByText(en['businesses.added']).waitFor();
    await suite.page
      .getByRole('tree', { name: en['businesses.tab.hierarchy'] })
      .getByText('Braga pumping station')
      .waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/en-hierarchy-add-sublevel.png` });

    await suite.page.goto(`${config}?tab=logs&lang=en`);
    const log = suite.page.getByRole('table', { name: en['businesses.tab.logs'] });
    await log.getByText('Added the sublevel “Braga pumping station”.', { exact: true }).waitFor();
    await log.getByText('Created the level “North region”.', { exact: true }).waitFor();
    expect(await log.getByText('description:').count()).toBe(0);
    await suite.page.screenshot({ path: `${SHOTS}/en-activity-log.png` });

    await suite.page.goto(`${config}?tab=logs&lang=pt`);
    const ptLog = suite.page.getByRole('table', { name: pt['businesses.tab.logs'] });
    await ptLog.getByText('Adicionou o subnível «Braga pumping station».', { exact: true }).waitFor();
    await ptLog.getByText('Criou o nível «North region».', { exact: true }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/pt-activity-log.png` });
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await ptLog.getByText('Criou o nível «North region».', { exact: true }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/pt-activity-log-phone.png` });
    await suite.page.goto(`${config}?tab=hierarchy&lang=pt`);
    await suite.page.getByRole('button', { name: pt['businesses.addChild'], exact: true }).waitFor();
    await suite.page.screenshot({ path: `${SHOTS}/pt-hierarchy-phone.png` });
  });

  it('offers no Add sublevel button to a viewer', async () => {
    const token = await signInAs('tecnico@example.com', suite.server.demoPassword(), 'North region');
    const north = await businessNamed(token, 'North region');
    await suite.page.goto(`${suite.server.url}/businesses/${north?._id}/north-region/config?tab=hierarchy&lang=en`);
    await suite.page.getByRole('tree', { name: en['businesses.tab.hierarchy'] }).getByText('North region').waitFor();
    expect(await suite.page.getByRole('button', { name: en['businesses.addChild'], exact: true }).count()).toBe(0);
  });
});
