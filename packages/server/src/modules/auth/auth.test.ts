import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { linkIn } from '../../testing/smtp-inbox.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-database.js';
import { startAttemptsPruning } from './attempts-pruning.js';
import { ATTEMPTS_KEPT_MS, SIGN_IN_THROTTLE } from './service.js';
import { hashSecret } from './tokens.js';

describe.each(databaseKinds())('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, token?: string) => t.request({ method: 'POST', url, payload, token });

  describe('sign-up and e-mail confirmation', () => {
    it('creates an unconfirmed user, mails a link in the sign-up language, and the link confirms it', async () => {
      const email = 'Maria@Example.com';
      const created = await post('/api/rest-auth/registration/?lang=pt', {
        username: 'maria',
        email,
        password1: 'correct horse',
        password2: 'correct horse',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ email: 'maria@example.com', profile: { language: 'pt' } });
      expect(created.json()).not.toHaveProperty('passwordHash');

      const unconfirmed = await post('/api/auth/signin', { email, password: 'correct horse' });
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.json().code).toBe('auth.email_not_confirmed');

      const mail = await t.inbox.waitForMail('maria@example.com');
      expect(mail.subject).toContain('Confirme o seu e-mail');
      const link = linkIn(mail, '/confirm-email');
      expect(link.origin).toBe('http://app.test');
      expect(link.searchParams.get('lang')).toBe('pt');

      const key = link.searchParams.get('key') ?? '';
      const confirmed = await post('/api/rest-auth/registration/verify-email/', { key });
      expect(confirmed.statusCode).toBe(200);

      const signedIn = await post('/api/auth/signin', { email, password: 'correct horse' });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.email).toBe('maria@example.com');

      const again = await post('/api/rest-auth/registration/verify-email/?lang=pt', { key });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        code: 'auth.invalid_confirmation_key',
        message: 'Não foi possível confirmar o seu e-mail. Por favor verifique a ligação.',
      });
    });

    it('refuses bad sign-up data with a message per field, and stores nothing', async () => {
      const response = await post('/api/rest-auth/registration/', {
        email: 'not-an-email',
        password1: 'short',
        password2: 'different',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation.failed',
        fields: { email: 'Invalid e-mail', password1: 'The password must have at least 8 characters.' },
      });
      const mismatch = await post('/api/rest-auth/registration/?lang=pt', {
        email: 'ok@example.com',
        password1: 'long enough',
        password2: 'long enougH',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().fields).toEqual({ password2: 'As palavras-passe não coincidem.' });
      const missing = await post('/api/rest-auth/registration/', {});
      expect(missing.json().fields).toMatchObject({ email: 'Required', password1: 'Required', password2: 'Required' });
      expect(await t.services.usersRepo.findByEmail('ok@example.com')).toBeUndefined();
    });

    it('answers 409 for an address already registered, in any letter case', async () => {
      await t.createUser('taken@example.com', 'some password');
      const response = await post('/api/rest-auth/registration/', {
        email: 'TAKEN@example.com',
        password1: 'another password',
        password2: 'another password',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('auth.email_taken');
      expect(response.json().message).toContain('recover');
    });

    it('refuses an unknown or expired confirmation key', async () => {
      expect((await post('/api/rest-auth/registration/verify-email/', { key: 'nonsense' })).statusCode).toBe(400);
      await post('/api/rest-auth/registration/', {
        email: 'late@example.com',
        password1: 'password1!',
        password2: 'password1!',
      });
      const key = linkIn(await t.inbox.waitForMail('late@example.com'), '/confirm-email').searchParams.get('key') ?? '';
      await t.db
        .updateTable('oneTimeTokens')
        .set({ expiresAt: Date.now() - 1 })
        .where('purpose', '=', 'email_confirmation')
        .execute();
      const response = await post('/api/rest-auth/registration/verify-email/', { key });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('auth.invalid_confirmation_key');
    });
  });

  describe('sign-in and sign-out', () => {
    beforeAll(async () => {
      await t.createUser('ana@example.com', 'ana password');
    });

    it('answers a token and the user; the token is stored only as a hash', async () => {
      const response = await post('/api/auth/signin', { email: ' ANA@example.com ', password: 'ana password' });
      expect(response.statusCode).toBe(200);
      const { access_token: token, user } = response.json();
      expect(token).toMatch(/^[\w-]{40,}$/);
      expect(user).toMatchObject({ email: 'ana@example.com', role: 'user', profile: { language: 'en' } });
      const stored = await t.db.selectFrom('sessions').select('tokenHash').execute();
      expect(stored.map((row) => row.tokenHash)).not.toContain(token);
      expect((await t.request({ method: 'GET', url: '/api/users/ana@example.com', token })).statusCode).toBe(200);
    });

    it('answers 401 with the login failure message for a wrong password or an unknown address', async () => {
      const wrong = await post('/api/auth/signin', { email: 'ana@example.com', password: 'wrong password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        code: 'auth.invalid_credentials',
        message: 'Login failed. Please check your credentials.',
      });
      const unknown = await post('/api/auth/signin?lang=pt', { email: 'nobody@example.com', password: 'whatever' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().message).toBe('Falha no início de sessão. Por favor verifique as suas credenciais.');
    });

    it('ends only the current token on logout, and every token on sign-out everywhere', async () => {
      const first = await t.signIn('ana@example.com', 'ana password');
      const second = await t.signIn('ana@example.com', 'ana password');
      const third = await t.signIn('ana@example.com', 'ana password');
      const me = (token: string) => t.request({ method: 'GET', url: '/api/users/ana@example.com', token });

      expect((await post('/api/rest-auth/logout/', {}, first)).statusCode).toBe(200);
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(200);

      expect((await t.request({ method: 'DELETE', url: '/api/auth/signin', token: second })).statusCode).toBe(200);
      expect((await me(second)).statusCode).toBe(401);
      expect((await me(third)).statusCode).toBe(401);
      expect((await me(third)).json().code).toBe('auth.required');
    });

    it('expires a token left idle longer than allowed', async () => {
      const token = await t.signIn('ana@example.com', 'ana password');
      const me = () => t.request({ method: 'GET', url: '/api/users/ana@example.com', token });
      // Its last use written as long ago (a session's own use is not announced: the server keeping it wrote it).
      await t.db
        .updateTable('sessions')
        .set({ lastUsedAt: Date.now() - t.config.sessionIdleMs - 1000 })
        .execute();
      expect((await me()).statusCode).toBe(401);
      const left = t.db.selectFrom('sessions').select('userId').where('tokenHash', '=', hashSecret(token));
      expect(await left.execute()).toEqual([]);
    });

    it('exchanges a one-time sign-in token once, and a live access token for a new one', async () => {
      const user = await t.services.usersRepo.findByEmail('ana@example.com');
      const oneTime = await t.services.auth.issueOneTimeToken(user?.id ?? '', 'sign_in', 60_000);
      const exchanged = await post('/api/auth/signintoken', { token: oneTime });
      expect(exchanged.statusCode).toBe(200);
      expect(exchanged.json().user.email).toBe('ana@example.com');
      expect((await post('/api/auth/signintoken', { token: oneTime })).statusCode).toBe(401);

      const fresh = await post('/api/auth/signintoken', { token: exchanged.json().access_token });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().access_token).not.toBe(exchanged.json().access_token);

      const bad = await post('/api/auth/signintoken', { token: 'made-up' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().code).toBe('auth.invalid_token');
    });
  });

  describe('throttling', () => {
    const signIn = (email: string, password: string, remoteAddress: string, app = t.app) =>
      app.inject({ method: 'POST', url: '/api/auth/signin?lang=pt', payload: { email, password }, remoteAddress });
    const statuses = (responses: { statusCode: number }[]) =>
      responses.reduce<Record<number, number>>((counts, { statusCode }) => {
        counts[statusCode] = (counts[statusCode] ?? 0) + 1;
        return counts;
      }, {});
    const expectThrottled = (response: Awaited<ReturnType<TestApp['request']>>) => {
      expect(response.statusCode).toBe(429);
      expect(response.json().code).toBe('auth.throttled');
      expect(response.json().message).toMatch(/Tente novamente dentro de \d+ minutos/);
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_THROTTLE.windowMs / 1000);
    };

    it(`checks at most ${SIGN_IN_THROTTLE.perPair} passwords per account and address, however many come at once`, async () => {
      await t.createUser('victim@example.com', 'victim password');
      // Each password check looks its account up first.
      const lookups = vi.spyOn(t.services.usersRepo, 'findByEmail');
      const attempts = await Promise.all(
        Array.from({ length: 30 }, () => signIn('victim@example.com', 'guess', '10.0.0.1')),
      );
      expect(lookups).toHaveBeenCalledTimes(SIGN_IN_THROTTLE.perPair);
      lookups.mockRestore();
      expect(statuses(attempts)).toEqual({ 401: SIGN_IN_THROTTLE.perPair, 429: 30 - SIGN_IN_THROTTLE.perPair });
      for (const refused of attempts.filter((response) => response.statusCode === 429)) expectThrottled(refused);

      // The right password from that address waits too; from another address it is let in.
      expectThrottled(await signIn('victim@example.com', 'victim password', '10.0.0.1'));
      expect((await signIn('victim@example.com', 'victim password', '10.0.0.2')).statusCode).toBe(200);

      await t.db
        .updateTable('authAttempts')
        .set({ attemptedAt: Date.now() - SIGN_IN_THROTTLE.windowMs - 1000 })
        .execute();
      expect((await signIn('victim@example.com', 'victim password', '10.0.0.1')).statusCode).toBe(200);
    });

    it('counts attempts at once on several servers sharing the database', async () => {
      await t.createUser('shared@example.com', 'shared password');
      const other = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
      const { app: otherServer } = await buildApp({ config: t.config, database: other });
      try {
        const attempts = await Promise.all(
          Array.from({ length: 30 }, (_, n) =>
            signIn('shared@example.com', 'guess', '10.0.1.1', n % 2 === 0 ? t.app : otherServer),
          ),
        );
        expect(statuses(attempts)).toEqual({ 401: SIGN_IN_THROTTLE.perPair, 429: 30 - SIGN_IN_THROTTLE.perPair });
      } finally {
        await otherServer.close();
        await other.close();
      }
    });

    it("does not lock an account's owner out for failures of others", async () => {
      await t.createUser('owner@example.com', 'owner password');
      await t.createUser('neighbour@example.com', 'neighbour password');
      // From one address: failures on accounts that do not exist, and on the owner's account.
      for (let n = 0; n < SIGN_IN_THROTTLE.perPair; n++) {
        expect((await signIn(`nobody${n}@example.com`, 'guess', '198.51.100.1')).statusCode).toBe(401);
      }
      for (let n = 0; n < SIGN_IN_THROTTLE.perPair; n++) {
        expect((await signIn('owner@example.com', 'guess', '198.51.100.1')).statusCode).toBe(401);
      }
      expectThrottled(await signIn('owner@example.com', 'owner password', '198.51.100.1'));
      // Another account behind the same address, and the owner elsewhere, sign in.
      expect((await signIn('neighbour@example.com', 'neighbour password', '198.51.100.1')).statusCode).toBe(200);
      expect((await signIn('owner@example.com', 'owner password', '198.51.100.2')).statusCode).toBe(200);
    });

    it(`refuses an account failed ${SIGN_IN_THROTTLE.perAccount} times from anywhere, and an address that failed as often`, async () => {
      await t.createUser('target@example.com', 'target password');
      const spread = await Promise.all(
        Array.from({ length: SIGN_IN_THROTTLE.perAccount - 1 }, (_, n) =>
          signIn('target@example.com', 'guess', `203.0.113.${n}`),
        ),
      );
      expect(statuses(spread)).toEqual({ 401: SIGN_IN_THROTTLE.perAccount - 1 });
      expect((await signIn('target@example.com', 'target password', '203.0.113.200')).statusCode).toBe(200);
      expect((await signIn('target@example.com', 'guess', '203.0.113.201')).statusCode).toBe(401);
      expectThrottled(await signIn('target@example.com', 'target password', '203.0.113.202'));

      await t.createUser('bystander@example.com', 'bystander password');
      const sprayed = await Promise.all(
        Array.from({ length: SIGN_IN_THROTTLE.perAddress - 1 }, (_, n) =>
          signIn(`sprayed${n}@example.com`, 'guess', '192.0.2.7'),
        ),
      );
      expect(statuses(sprayed)).toEqual({ 401: SIGN_IN_THROTTLE.perAddress - 1 });
      expect((await signIn('bystander@example.com', 'bystander password', '192.0.2.7')).statusCode).toBe(200);
      expect((await signIn('sprayed@example.com', 'guess', '192.0.2.7')).statusCode).toBe(401);
      expectThrottled(await signIn('bystander@example.com', 'bystander password', '192.0.2.7'));
      expect((await signIn('bystander@example.com', 'bystander password', '192.0.2.8')).statusCode).toBe(200);
    });

    it('counts an IPv6 client by its /64 prefix', async () => {
      await t.createUser('six@example.com', 'six password');
      for (let n = 0; n < SIGN_IN_THROTTLE.perPair; n++) {
        expect((await signIn('six@example.com', 'guess', `2001:db8:0:1::${n + 1}`)).statusCode).toBe(401);
      }
      expectThrottled(await signIn('six@example.com', 'six password', '2001:db8:0:1:ffff::1'));
      expect((await signIn('six@example.com', 'six password', '2001:db8:0:2::1')).statusCode).toBe(200);
    });

    it("forgets an address's failures on an account once its owner signs in there", async () => {
      await t.createUser('clumsy@example.com', 'clumsy password');
      const attempt = (password: string) => signIn('clumsy@example.com', password, '10.1.0.1');
      for (let n = 0; n < SIGN_IN_THROTTLE.perPair - 1; n++) expect((await attempt('typo')).statusCode).toBe(401);
      expect((await attempt('clumsy password')).statusCode).toBe(200);
      for (let n = 0; n < SIGN_IN_THROTTLE.perPair - 1; n++) expect((await attempt('typo')).statusCode).toBe(401);
      expect((await attempt('clumsy password')).statusCode).toBe(200);
      // Right passwords do not count: the owner signs in as often as they like.
      for (let n = 0; n < SIGN_IN_THROTTLE.perPair + 1; n++) {
        expect((await attempt('clumsy password')).statusCode).toBe(200);
      }
    });

    it('forgets attempts once they are past every window', async () => {
      await t.db.deleteFrom('authAttempts').execute();
      const attempt = { kind: 'sign_in' as const, account: 'old@example.com', address: '10.2.0.1' };
      await t.db
        .insertInto('authAttempts')
        .values([
          { ...attempt, attemptedAt: Date.now() - ATTEMPTS_KEPT_MS - 1000 },
          { ...attempt, attemptedAt: Date.now() - ATTEMPTS_KEPT_MS + 60_000 },
        ])
        .execute();
      const pruning = startAttemptsPruning({ authRepo: t.services.authRepo, log: t.app.log });
      await pruning.prune();
      pruning.stop();
      const left = await t.db.selectFrom('authAttempts').select('attemptedAt').execute();
      expect(left.map((row) => row.attemptedAt)).toEqual([expect.any(Number)]);
      expect(left[0]?.attemptedAt).toBeGreaterThan(Date.now() - ATTEMPTS_KEPT_MS);
    });
  });

  describe('password change', () => {
    it('should require authentication', async () => {
      const response = await post('/api/rest-auth/password/change/', {
        old_password: 'x',
        password1: 'new password',
        password2: 'new password',
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a wrong current password with its own message, and changes nothing', async () => {
      await t.createUser('carlos@example.com', 'carlos password', { language: 'pt' });
      const token = await t.signIn('carlos@example.com', 'carlos password');
      const response = await post(
        '/api/rest-auth/password/change/?lang=en',
        { old_password: 'not it', password1: 'new password', password2: 'new password' },
        token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'auth.wrong_current_password',
        message: "Current password doesn't match.",
        fields: { old_password: "Current password doesn't match." },
      });
      expect(await t.signIn('carlos@example.com', 'carlos password')).toBeTruthy();
    });

    it('changes the password and ends the other sessions, keeping this one', async () => {
      const current = await t.signIn('carlos@example.com', 'carlos password');
      const other = await t.signIn('carlos@example.com', 'carlos password');
      const response = await post(
        '/api/rest-auth/password/change/',
        { old_password: 'carlos password', password1: 'carlos new password', password2: 'carlos new password' },
        current,
      );
      expect(response.statusCode).toBe(200);
      const me = (token: string) => t.request({ method: 'GET', url: '/api/users/carlos@example.com', token });
      expect((await me(current)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect(
        (await post('/api/auth/signin', { email: 'carlos@example.com', password: 'carlos password' })).statusCode,
      ).toBe(401);
      expect(await t.signIn('carlos@example.com', 'carlos new password')).toBeTruthy();
    });
  });

  describe('password reset', () => {
    it('answers the same for an unknown address, and mails nothing', async () => {
      const response = await post('/api/rest-auth/password/reset/', { email: 'ghost@example.com' });
      expect(response.statusCode).toBe(200);
      await expect(t.inbox.waitForMail('ghost@example.com', 300)).rejects.toThrow();
    });

    it('sets a new password through the mailed link once, and ends every session', async () => {
      await t.createUser('rita@example.com', 'rita password', { language: 'pt' });
      const session = await t.signIn('rita@example.com', 'rita password');
      expect((await post('/api/rest-auth/password/reset/', { email: 'Rita@example.com' })).statusCode).toBe(200);
      const mail = await t.inbox.waitForMail('rita@example.com');
      expect(mail.subject).toContain('palavra-passe');
      const link = linkIn(mail, '/reset-password');
      const body = {
        uid: link.searchParams.get('uid'),
        token: link.searchParams.get('token'),
        new_password1: 'rita new password',
        new_password2: 'rita new password',
      };
      const mismatch = await post('/api/rest-auth/password/reset/confirm/', { ...body, new_password2: 'other' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().fields).toHaveProperty('new_password2');

      expect((await post('/api/rest-auth/password/reset/confirm/', body)).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/users/rita@example.com', token: session })).statusCode).toBe(
        401,
      );
      expect(await t.signIn('rita@example.com', 'rita new password')).toBeTruthy();

      const reused = await post('/api/rest-auth/password/reset/confirm/', {
        ...body,
        new_password1: 'third password',
        new_password2: 'third password',
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().code).toBe('auth.invalid_reset_link');
    });

    it('refuses an expired link or one used with another uid', async () => {
      await post('/api/rest-auth/password/reset/', { email: 'ana@example.com' });
      const link = linkIn(await t.inbox.waitForMail('ana@example.com'), '/reset-password');
      const body = {
        uid: link.searchParams.get('uid'),
        token: link.searchParams.get('token'),
        new_password1: 'ana new password',
        new_password2: 'ana new password',
      };
      const rita = await t.services.usersRepo.findByEmail('rita@example.com');
      const otherUid = await post('/api/rest-auth/password/reset/confirm/', { ...body, uid: rita?.id });
      expect(otherUid.statusCode).toBe(400);

      await t.db
        .updateTable('oneTimeTokens')
        .set({ createdAt: Date.now() - 61 * 60 * 1000, expiresAt: Date.now() - 60 * 1000 })
        .where('purpose', '=', 'password_reset')
        .where('usedAt', 'is', null)
        .execute();
      const expired = await post('/api/rest-auth/password/reset/confirm/', body);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('auth.invalid_reset_link');
      expect(await t.signIn('ana@example.com', 'ana password')).toBeTruthy();
    });

    const askReset = (email: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/rest-auth/password/reset/', payload: { email }, remoteAddress });
    const mailsTo = (address: string) => t.inbox.mails.filter((mail) => mail.to === address).length;

    it('mails an address at most one reset link a minute and five an hour, answering alike', async () => {
      await t.createUser('flooded@example.com', 'flooded password');
      const answers = await Promise.all(
        Array.from({ length: 15 }, () => askReset('flooded@example.com', '198.51.100.20')),
      );
      expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`))).toEqual(
        new Set([`200 ${(await askReset('ghost@example.com', '198.51.100.20')).body}`]),
      );
      expect(mailsTo('flooded@example.com')).toBe(1);

      const aMinuteLater = (minutes = 1) =>
        t.db
          .updateTable('authAttempts')
          .set((eb) => ({ attemptedAt: eb('attemptedAt', '-', minutes * 60 * 1000 + 1000) }))
          .where('account', '=', 'flooded@example.com')
          .execute();
      for (let minute = 1; minute < 5; minute++) {
        await aMinuteLater();
        // From other addresses too: the limits of an address mailed hold whoever asks.
        await askReset('flooded@example.com', `198.51.100.${20 + minute}`);
        await askReset('flooded@example.com', '198.51.100.20');
      }
      expect(mailsTo('flooded@example.com')).toBe(5);
      await aMinuteLater();
      expect((await askReset('flooded@example.com', '198.51.100.30')).statusCode).toBe(200);
      expect(mailsTo('flooded@example.com')).toBe(5);

      await aMinuteLater(60);
      await askReset('flooded@example.com', '198.51.100.20');
      expect(mailsTo('flooded@example.com')).toBe(6);
    });

    it('mails at most 20 reset links an hour for one client address', async () => {
      const emails = Array.from({ length: 21 }, (_, n) => `asker${n}@example.com`);
      for (const email of emails) await t.createUser(email, 'asker password');
      for (const email of emails) expect((await askReset(email, '198.51.100.40')).statusCode).toBe(200);
      expect(emails.filter((email) => mailsTo(email) === 1)).toEqual(emails.slice(0, 20));
      await askReset('asker20@example.com', '198.51.100.41');
      expect(mailsTo('asker20@example.com')).toBe(1);
    });

    it('confirms the address of an unconfirmed user who resets the password', async () => {
      await post('/api/rest-auth/registration/', {
        email: 'forgetful@example.com',
        password1: 'first password',
        password2: 'first password',
      });
      await t.inbox.waitForMail('forgetful@example.com');
      await post('/api/rest-auth/password/reset/', { email: 'forgetful@example.com' });
      const link = linkIn(await t.inbox.waitForMail('forgetful@example.com'), '/reset-password');
      await post('/api/rest-auth/password/reset/confirm/', {
        uid: link.searchParams.get('uid'),
        token: link.searchParams.get('token'),
        new_password1: 'second password',
        new_password2: 'second password',
      });
      expect(await t.signIn('forgetful@example.com', 'second password')).toBeTruthy();
    });
  });
});
