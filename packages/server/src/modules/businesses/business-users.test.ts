import type { BusinessRole } from '@iot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../testing/index.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';

const URL = '/api/customer-business';
const PASSWORD = 'a good password';

/** Tenant A `Acme` → `North` → `Porto`; tenant B `Bravo`. Users hold roles through entries, named by what they hold. */
async function buildTree(t: TestApp, staff: string) {
  const create = async (description: string, parentId?: string) => {
    const response = await t.request({
      method: 'POST',
      url: parentId ? `${URL}/${parentId}` : URL,
      payload: { description },
      token: staff,
    });
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
    return response.json()._id as string;
  };
  const acme = await create('Acme');
  const north = await create('North', acme);
  const porto = await create('Porto', north);
  const bravo = await create('Bravo');
  const nodes = { acme, north, porto, bravo };

  const userWith = async (name: string, entries: [keyof typeof nodes, BusinessRole][]) => {
    const email = `${name.toLowerCase()}@example.com`;
    const user = await t.createUser(email, PASSWORD);
    await t.services.usersRepo.updateIfVersion(user.id, user.version, { firstName: name, lastName: 'Tester' });
    for (const [node, role] of entries)
      await t.services.businessesRepo.setEntry(nodes[node], user.id, role, Date.now());
    return t.signIn(email, PASSWORD);
  };
  const users = {
    acmeAdmin: await userWith('acmeAdmin', [['acme', 'admin']]),
    northAdmin: await userWith('northAdmin', [['north', 'admin']]),
    portoAdmin: await userWith('portoAdmin', [['porto', 'admin']]),
    portoSuper: await userWith('portoSuper', [['porto', 'superAdmin']]),
    portoViewer: await userWith('portoViewer', [['porto', 'viewer']]),
    portoUser: await userWith('portoUser', [['porto', 'user']]),
    bravoAdmin: await userWith('bravoAdmin', [['bravo', 'admin']]),
  };
  await t.createUser('bystander@example.com', PASSWORD);
  return { nodes, users };
}

describe.each(databaseKinds())('users of a business on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let tree: Awaited<ReturnType<typeof buildTree>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.createUser('staff@example.com', PASSWORD, { role: 'product' });
    staff = await t.signIn('staff@example.com', PASSWORD);
    tree = await buildTree(t, staff);
  });
  afterAll(async () => t?.close());

  const usersUrl = (id: string) => `${URL}/${id}/users`;
  const listUsers = async (id: string, token: string) => await t.request({ method: 'GET', url: usersUrl(id), token });
  const add = (id: string, payload: object, token: string, lang = 'en') =>
    t.request({ method: 'POST', url: `${usersUrl(id)}?lang=${lang}`, payload, token });
  const patch = (id: string, payload: object, token: string) =>
    t.request({ method: 'PATCH', url: usersUrl(id), payload, token });
  const remove = (id: string, email: string, token: string) =>
    t.request({ method: 'DELETE', url: `${usersUrl(id)}/${encodeURIComponent(email)}`, token });
  const storedRole = async (businessId: string, email: string) => {
    const row = await t.db
      .selectFrom('businessUsers')
      .innerJoin('users', 'users.id', 'businessUsers.userId')
      .select('businessUsers.role')
      .where('businessUsers.businessId', '=', businessId)
      .where('users.email', '=', email)
      .executeTakeFirst();
    return row?.role;
  };
  const actionsOf = async (id: string) =>
    (
      (await t.request({ method: 'GET', url: `${URL}/${id}/logs?reverseOrder=true&pageSize=50`, token: staff })).json()
        .data as { action: string; user: string; details: Record<string, unknown> }[]
    ).filter((log) => log.action.startsWith('user_'));

  it('should require authentication', async () => {
    const id = tree.nodes.porto;
    const calls = [
      { method: 'GET', url: usersUrl(id) },
      { method: 'POST', url: usersUrl(id), payload: { emails: ['a@example.com'], role: 'viewer' } },
      { method: 'PATCH', url: usersUrl(id), payload: { email: 'a@example.com', role: 'viewer' } },
      { method: 'DELETE', url: `${usersUrl(id)}/a@example.com` },
    ] as const;
    for (const call of calls) {
      const response = await t.request(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json().code).toBe('auth.required');
    }
  });

  it("lists the node's entries and, marked, the roles inherited from reachable ancestors", async () => {
    const response = await listUsers(tree.nodes.porto, staff);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.users).toEqual([
      {
        id: expect.any(String),
        email: 'portoadmin@example.com',
        name: 'portoAdmin Tester',
        role: 'admin',
        inheritedFrom: null,
      },
      {
        id: expect.any(String),
        email: 'portosuper@example.com',
        name: 'portoSuper Tester',
        role: 'superAdmin',
        inheritedFrom: null,
      },
      {
        id: expect.any(String),
        email: 'portouser@example.com',
        name: 'portoUser Tester',
        role: 'user',
        inheritedFrom: null,
      },
      {
        id: expect.any(String),
        email: 'portoviewer@example.com',
        name: 'portoViewer Tester',
        role: 'viewer',
        inheritedFrom: null,
      },
    ]);
    expect(body.inherited).toEqual([
      {
        id: expect.any(String),
        email: 'acmeadmin@example.com',
        name: 'acmeAdmin Tester',
        role: 'admin',
        inheritedFrom: { id: tree.nodes.acme, description: 'Acme' },
      },
      {
        id: expect.any(String),
        email: 'northadmin@example.com',
        name: 'northAdmin Tester',
        role: 'admin',
        inheritedFrom: { id: tree.nodes.north, description: 'North' },
      },
    ]);
    // North's admin does not reach Acme, so Acme's entries are not shown to them; a viewer may read the list.
    const north = (await listUsers(tree.nodes.porto, tree.users.northAdmin)).json();
    expect(north.inherited.map((user: { email: string }) => user.email)).toEqual(['northadmin@example.com']);
    const viewer = (await listUsers(tree.nodes.porto, tree.users.portoViewer)).json();
    expect(viewer.inherited).toEqual([]);
    expect(viewer.users).toHaveLength(4);
  });

  it("answers 404 for every users call on another tenant's node and stores nothing", async () => {
    const id = tree.nodes.bravo;
    const calls = [
      { method: 'GET', url: usersUrl(id) },
      { method: 'POST', url: usersUrl(id), payload: { emails: ['intruder@example.com'], role: 'admin' } },
      { method: 'PATCH', url: usersUrl(id), payload: { email: 'bravoadmin@example.com', role: 'viewer' } },
      { method: 'DELETE', url: `${usersUrl(id)}/bravoadmin@example.com` },
    ] as const;
    for (const call of calls) {
      const response = await t.request({ ...call, token: tree.users.acmeAdmin });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect(await t.services.usersRepo.findByEmail('intruder@example.com')).toBeUndefined();
    expect(await storedRole(id, 'bravoadmin@example.com')).toBe('admin');
  });

  it('lets only admins (or above) of the node change its users', async () => {
    for (const token of [tree.users.portoViewer, tree.users.portoUser]) {
      const calls = [
        add(tree.nodes.porto, { emails: ['bystander@example.com'], role: 'viewer' }, token),
        patch(tree.nodes.porto, { email: 'portoviewer@example.com', role: 'user' }, token),
        remove(tree.nodes.porto, 'portoviewer@example.com', token),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('business.no_permission');
      }
    }
    expect(await storedRole(tree.nodes.porto, 'bystander@example.com')).toBeUndefined();
    expect(await storedRole(tree.nodes.porto, 'portoviewer@example.com')).toBe('viewer');
  });

  it('adds several addresses, answering what happened to each', async () => {
    const response = await add(
      tree.nodes.north,
      {
        emails: ['Bystander@Example.com ', 'not-an-email', 'northadmin@example.com', ''],
        role: 'viewer',
      },
      tree.users.northAdmin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      {
        email: 'bystander@example.com',
        outcome: 'added',
        code: 'business.user_added',
        message: 'bystander@example.com was added and will be told by e-mail.',
      },
      {
        email: 'not-an-email',
        outcome: 'refused',
        code: 'business.invalid_email',
        message: 'Invalid email <not-an-email>',
      },
      {
        email: 'northadmin@example.com',
        outcome: 'refused',
        code: 'business.user_self',
        message: 'You cannot add, change or remove yourself.',
      },
      { email: '', outcome: 'refused', code: 'business.invalid_email', message: 'Invalid email <>' },
    ]);
    expect(await storedRole(tree.nodes.north, 'bystander@example.com')).toBe('viewer');

    const again = await add(
      tree.nodes.north,
      { emails: ['bystander@example.com', 'fresh@example.com', 'fresh@example.com'], role: 'viewer' },
      tree.users.northAdmin,
      'pt',
    );
    expect(again.json().results.map((result: { code: string }) => result.code)).toEqual([
      'business.user_already_added',
      'business.user_added',
      'business.user_already_added',
    ]);
    // Invited but not active yet: added elsewhere, invited again.
    const elsewhere = await add(
      tree.nodes.porto,
      { emails: ['fresh@example.com'], role: 'viewer' },
      tree.users.portoAdmin,
    );
    expect(elsewhere.json().results[0]).toMatchObject({ outcome: 'added' });
    const invitations = [
      await t.inbox.waitForMail('fresh@example.com'),
      await t.inbox.waitForMail('fresh@example.com'),
    ];
    expect(invitations.map((mail) => mail.text.includes('"Porto"'))).toContain(true);
    await remove(tree.nodes.porto, 'fresh@example.com', tree.users.portoAdmin);
    expect(again.json().results[0].message).toBe('bystander@example.com já está na lista de utilizadores deste nível.');
    expect(await actionsOf(tree.nodes.north)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'user_added',
          user: 'northadmin@example.com',
          details: { email: 'fresh@example.com', role: 'viewer' },
        }),
        expect.objectContaining({
          action: 'user_added',
          details: { email: 'bystander@example.com', role: 'viewer' },
        }),
      ]),
    );
  });

  it("invites an unknown address in the inviter's language; the link sets a password and confirms the address", async () => {
    const response = await add(
      tree.nodes.porto,
      { emails: ['nova@example.com'], role: 'user' },
      tree.users.portoAdmin,
      'pt',
    );
    expect(response.json().results).toEqual([
      {
        email: 'nova@example.com',
        outcome: 'added',
        code: 'business.user_added',
        message: 'nova@example.com foi adicionado e será avisado por e-mail.',
      },
    ]);
    const invitee = await t.services.usersRepo.findByEmail('nova@example.com');
    expect(invitee).toMatchObject({ emailConfirmedAt: null, passwordHash: null, language: 'pt' });
    const mail = await t.inbox.waitForMail('nova@example.com');
    expect(mail.subject).toContain('Foi convidado');
    expect(mail.text).toContain('"Porto"');
    const link = linkIn(mail, '/reset-password');
    expect(link.searchParams.get('uid')).toBe(invitee?.id);
    // The page of the link says the first password is set, not changed.
    expect(link.searchParams.get('invited')).toBe('1');
    expect(link.searchParams.get('lang')).toBe('pt');

    const signInFirst = await t.request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'nova@example.com', password: 'the new password' },
    });
    expect(signInFirst.statusCode).toBe(401);
    const confirm = await t.request({
      method: 'POST',
      url: '/api/rest-auth/password/reset/confirm/',
      payload: {
        uid: link.searchParams.get('uid'),
        token: link.searchParams.get('token'),
        new_password1: 'the new password',
        new_password2: 'the new password',
      },
    });
    expect(confirm.statusCode).toBe(200);
    const token = await t.signIn('nova@example.com', 'the new password');
    // Once active, being added elsewhere is a plain addition, without a new invitation.
    const later = await add(tree.nodes.north, { emails: ['nova@example.com'], role: 'none' }, tree.users.northAdmin);
    expect(later.json().results[0]).toMatchObject({ outcome: 'added' });
    await remove(tree.nodes.north, 'nova@example.com', tree.users.northAdmin);
    const reachable = (await t.request({ method: 'GET', url: URL, token })).json();
    expect(reachable.map((business: { _id: string }) => business._id)).toEqual([tree.nodes.porto]);
  });

  describe('mass assignment: never a role above the caller own', () => {
    it('refuses to add with a role above the caller own and stores nothing', async () => {
      const response = await add(
        tree.nodes.porto,
        { emails: ['bystander@example.com', 'climber@example.com'], role: 'superAdmin' },
        tree.users.portoAdmin,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'business.role_above_own',
        message: 'You cannot give or change a role above your own on this level.',
      });
      expect(await storedRole(tree.nodes.porto, 'bystander@example.com')).toBeUndefined();
      expect(await t.services.usersRepo.findByEmail('climber@example.com')).toBeUndefined();
      // A role the schema does not know is refused as invalid input.
      const product = await add(tree.nodes.porto, { emails: ['bystander@example.com'], role: 'product' }, staff);
      expect(product.statusCode).toBe(400);
      expect(await storedRole(tree.nodes.porto, 'bystander@example.com')).toBeUndefined();
    });

    it('refuses to raise a role above the caller own, or to touch a higher role', async () => {
      const raise = await patch(
        tree.nodes.porto,
        { email: 'portoviewer@example.com', role: 'superAdmin' },
        tree.users.portoAdmin,
      );
      expect(raise.statusCode).toBe(403);
      expect(raise.json().code).toBe('business.role_above_own');
      expect(await storedRole(tree.nodes.porto, 'portoviewer@example.com')).toBe('viewer');

      const demote = await patch(
        tree.nodes.porto,
        { email: 'portosuper@example.com', role: 'viewer' },
        tree.users.portoAdmin,
      );
      expect(demote.statusCode).toBe(403);
      expect(demote.json().code).toBe('business.role_above_own');
      const removeHigher = await remove(tree.nodes.porto, 'portosuper@example.com', tree.users.portoAdmin);
      expect(removeHigher.statusCode).toBe(403);
      expect(await storedRole(tree.nodes.porto, 'portosuper@example.com')).toBe('superAdmin');

      // Oneself neither.
      const self = await patch(
        tree.nodes.porto,
        { email: 'portoadmin@example.com', role: 'admin' },
        tree.users.portoAdmin,
      );
      expect(self.statusCode).toBe(422);
      expect(self.json().code).toBe('business.user_self');

      // A superAdmin there may give superAdmin.
      const bySuper = await patch(
        tree.nodes.porto,
        { email: 'portoviewer@example.com', role: 'superAdmin' },
        tree.users.portoSuper,
      );
      expect(bySuper.statusCode).toBe(200);
      expect(await storedRole(tree.nodes.porto, 'portoviewer@example.com')).toBe('superAdmin');
      // Now as high as portoSuper there: only a higher role (provider staff) may take it back.
      const back = await patch(
        tree.nodes.porto,
        { email: 'portoviewer@example.com', role: 'viewer' },
        tree.users.portoSuper,
      );
      expect(back.json().code).toBe('business.role_above_own');
      await patch(tree.nodes.porto, { email: 'portoviewer@example.com', role: 'viewer' }, staff);
      expect(await storedRole(tree.nodes.porto, 'portoviewer@example.com')).toBe('viewer');
    });
  });

  it('changes a role and removes a user, logging both', async () => {
    await add(tree.nodes.porto, { emails: ['bystander@example.com'], role: 'viewer' }, tree.users.portoAdmin);
    const changed = await patch(
      tree.nodes.porto,
      { email: 'bystander@example.com', role: 'user' },
      tree.users.portoAdmin,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().users).toContainEqual({
      id: expect.any(String),
      email: 'bystander@example.com',
      name: '',
      role: 'user',
      inheritedFrom: null,
    });
    const removed = await remove(tree.nodes.porto, 'Bystander@example.com', tree.users.portoAdmin);
    expect(removed.statusCode).toBe(204);
    expect(await storedRole(tree.nodes.porto, 'bystander@example.com')).toBeUndefined();
    expect(await t.services.usersRepo.findByEmail('bystander@example.com')).toBeDefined();

    const missing = await remove(tree.nodes.porto, 'bystander@example.com', tree.users.portoAdmin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('business.user_not_in_list');
    const missingPatch = await patch(tree.nodes.porto, { email: 'ghost@example.com', role: 'viewer' }, staff);
    expect(missingPatch.json().code).toBe('business.user_not_in_list');

    const [last, beforeLast] = await actionsOf(tree.nodes.porto);
    expect(last).toMatchObject({
      action: 'user_removed',
      user: 'portoadmin@example.com',
      details: { email: 'bystander@example.com', role: 'user' },
    });
    expect(beforeLast).toMatchObject({
      action: 'user_role_changed',
      details: { email: 'bystander@example.com', from: 'viewer', to: 'user' },
    });
  });

  it('validates the request shape', async () => {
    const empty = await add(tree.nodes.porto, { emails: [], role: 'viewer' }, tree.users.portoAdmin);
    expect(empty.statusCode).toBe(400);
    const badPatch = await patch(tree.nodes.porto, { email: 'nope', role: 'viewer' }, tree.users.portoAdmin);
    expect(badPatch.statusCode).toBe(400);
  });

  describe("a level's admin never locks out those at or above their role there (issue 31, item 1)", () => {
    const reaches = async (id: string, token: string) =>
      (await t.request({ method: 'GET', url: `${URL}/${id}`, token })).statusCode;

    it('refuses to add a user whose inherited role is not below the caller own, whatever the role given', async () => {
      const acmeSuper = await t.createUser('acmesuper@example.com', PASSWORD);
      await t.services.businessesRepo.setEntry(tree.nodes.acme, acmeSuper.id, 'superAdmin', Date.now());
      const attempts = [
        ['acmesuper@example.com', 'none'],
        ['acmeadmin@example.com', 'none'],
        ['acmeadmin@example.com', 'viewer'],
        ['northadmin@example.com', 'none'],
      ] as const;
      for (const [email, role] of attempts) {
        const response = await add(
          tree.nodes.porto,
          { emails: ['bystander@example.com', email], role },
          tree.users.portoAdmin,
        );
        expect(response.statusCode, `${email} as ${role}`).toBe(403);
        expect(response.json()).toEqual({
          code: 'business.role_above_own',
          message: 'You cannot give or change a role above your own on this level.',
        });
        expect(await storedRole(tree.nodes.porto, email)).toBeUndefined();
        // The whole call is refused: the other address is not added either.
        expect(await storedRole(tree.nodes.porto, 'bystander@example.com')).toBeUndefined();
      }
      expect(await reaches(tree.nodes.porto, tree.users.acmeAdmin)).toBe(200);
      expect(await reaches(tree.nodes.porto, tree.users.northAdmin)).toBe(200);
      // A superAdmin of the level may add Acme's admin (below superAdmin), and Acme's admin still reaches it.
      const bySuper = await add(
        tree.nodes.porto,
        { emails: ['acmeadmin@example.com'], role: 'viewer' },
        tree.users.portoSuper,
      );
      expect(bySuper.json().results[0]).toMatchObject({ outcome: 'added' });
      expect(await storedRole(tree.nodes.porto, 'acmeadmin@example.com')).toBe('viewer');
      await remove(tree.nodes.porto, 'acmeadmin@example.com', staff);
    });

    it('refuses to change or remove a user whose role there equals the caller own', async () => {
      const given = await add(
        tree.nodes.porto,
        { emails: ['bystander@example.com'], role: 'admin' },
        tree.users.portoAdmin,
      );
      expect(given.json().results[0]).toMatchObject({ outcome: 'added' });
      const demote = await patch(
        tree.nodes.porto,
        { email: 'bystander@example.com', role: 'none' },
        tree.users.portoAdmin,
      );
      expect(demote.statusCode).toBe(403);
      expect(demote.json().code).toBe('business.role_above_own');
      const removed = await remove(tree.nodes.porto, 'bystander@example.com', tree.users.portoAdmin);
      expect(removed.statusCode).toBe(403);
      expect(removed.json().code).toBe('business.role_above_own');
      expect(await storedRole(tree.nodes.porto, 'bystander@example.com')).toBe('admin');
      // Above it, the superAdmin of the level may.
      expect((await remove(tree.nodes.porto, 'bystander@example.com', tree.users.portoSuper)).statusCode).toBe(204);
    });
  });

  it('answers a known and an unknown address alike and tells a known one by mail, in their language (issue 31, item 9)', async () => {
    await t.createUser('known-pt@example.com', PASSWORD, { language: 'pt' });
    await t.createUser('known-en@example.com', PASSWORD, { language: 'en' });
    const emails = ['known-pt@example.com', 'unknown@example.com', 'known-en@example.com'];
    const response = await add(tree.nodes.porto, { emails, role: 'viewer' }, tree.users.portoAdmin);
    expect(response.statusCode).toBe(200);
    const results = response.json().results as { email: string; message: string }[];
    expect(results.map(({ email, ...rest }) => ({ ...rest, message: rest.message.replace(email, '<email>') }))).toEqual(
      emails.map(() => ({
        outcome: 'added',
        code: 'business.user_added',
        message: '<email> was added and will be told by e-mail.',
      })),
    );
    for (const email of emails) expect(await storedRole(tree.nodes.porto, email)).toBe('viewer');
    const logged = (await actionsOf(tree.nodes.porto)).filter((log) => emails.includes(String(log.details.email)));
    expect(logged.map((log) => Object.keys(log.details).sort())).toEqual(emails.map(() => ['email', 'role']));

    const toPt = await t.inbox.waitForMail('known-pt@example.com');
    expect(toPt.subject).toBe(`Foi adicionado a "Porto" no ${t.config.productName}`);
    expect(toPt.text).toContain('portoAdmin Tester deu-lhe acesso a "Porto"');
    expect(linkIn(toPt, '/businesses').searchParams.get('lang')).toBe('pt');
    const toEn = await t.inbox.waitForMail('known-en@example.com');
    expect(toEn.subject).toBe(`You were added to "Porto" in ${t.config.productName}`);
    expect(toEn.text).toContain('portoAdmin Tester gave you access to "Porto"');
    expect(toEn.text).not.toContain('/reset-password');
    // The unknown address is invited to choose a password instead.
    const invitation = await t.inbox.waitForMail('unknown@example.com');
    expect(linkIn(invitation, '/reset-password').searchParams.get('uid')).toBeTruthy();
  });
});
