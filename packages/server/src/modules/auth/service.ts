import type { Language, PasswordChangeRequest, PasswordResetConfirmRequest, RegistrationRequest } from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Config } from '../../config.js';
import type { Database, DatabaseSchema, OneTimeTokenPurpose } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../users/present.js';
import type { UsersRepo } from '../users/repo.js';
import { throttledAddress } from './client-address.js';
import { addedToBusinessMail, confirmationMail, invitationMail, passwordResetMail } from './mails.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AttemptLimit, AuthRepo } from './repo.js';
import type { SessionCache } from './session-cache.js';
import { hashSecret, newSecret } from './tokens.js';

/**
 * Password checks allowed within the window: per (account, client address) pair, so that failures of others do not
 * lock an account's owner out; and per account and per address over all of them, for guessing spread over addresses
 * or accounts. An attempt counts from before its check until it succeeds.
 */
export const SIGN_IN_THROTTLE = { windowMs: 15 * 60 * 1000, perPair: 10, perAccount: 100, perAddress: 100 };
const SIGN_IN_LIMITS: AttemptLimit[] = [
  { scope: 'pair', windowMs: SIGN_IN_THROTTLE.windowMs, max: SIGN_IN_THROTTLE.perPair },
  { scope: 'account', windowMs: SIGN_IN_THROTTLE.windowMs, max: SIGN_IN_THROTTLE.perAccount },
  { scope: 'address', windowMs: SIGN_IN_THROTTLE.windowMs, max: SIGN_IN_THROTTLE.perAddress },
];
/** Password reset mails: per address mailed, and per client address asking, so nobody's inbox can be flooded. */
const PASSWORD_RESET_MAIL_LIMITS: AttemptLimit[] = [
  { scope: 'account', windowMs: 60 * 1000, max: 1 },
  { scope: 'account', windowMs: 60 * 60 * 1000, max: 5 },
  { scope: 'address', windowMs: 60 * 60 * 1000, max: 20 },
];
/**
 * Attempts older than this are past every limit's window (by far: pruning and the forgetting after a right password
 * never delete the same rows at once, which could deadlock on PostgreSQL).
 */
export const ATTEMPTS_KEPT_MS = 2 * 60 * 60 * 1000;
const CONFIRMATION_KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often, so reading a session costs no write on most requests. */
const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export interface Session {
  user: UserRow;
  tokenHash: string;
}

interface Dependencies {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'productName' | 'sessionIdleMs'>;
  authRepo: AuthRepo;
  usersRepo: UsersRepo;
  sessions: SessionCache;
  mailer: Mailer;
  log: { error(object: unknown, message: string): void };
  now?: () => number;
}

export function createAuthService({
  db,
  config,
  authRepo,
  usersRepo,
  sessions,
  mailer,
  log,
  now = Date.now,
}: Dependencies) {
  async function startSession(userId: string, trx?: Transaction<DatabaseSchema>): Promise<string> {
    const token = newSecret();
    await authRepo.insertSession(hashSecret(token), userId, now(), trx);
    return token;
  }

  async function issueOneTimeToken(userId: string, purpose: OneTimeTokenPurpose, ttlMs: number): Promise<string> {
    const token = newSecret();
    const at = now();
    await authRepo.insertOneTimeToken({ tokenHash: hashSecret(token), userId, purpose, expiresAt: at + ttlMs }, at);
    return token;
  }

  function link(path: string, query: Record<string, string>) {
    return `${config.publicUrl}${path}?${new URLSearchParams(query)}`;
  }

  /** Mail failures are logged, not thrown: the account change already happened, and the user can ask again. */
  async function sendMail(mail: Parameters<Mailer['send']>[0]) {
    try {
      await mailer.send(mail);
    } catch (error) {
      log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
    }
  }

  /** The session of a token's hash while it lasts (an idle one ends here), with its user as now. */
  async function liveSession(tokenHash: string) {
    const session = await sessions.read(tokenHash, () => authRepo.findSession(tokenHash));
    if (!session) return undefined;
    if (now() - session.lastUsedAt > config.sessionIdleMs) {
      await authRepo.deleteSession(tokenHash);
      sessions.forgetUser(session.user.id);
      return undefined;
    }
    return session;
  }

  async function authenticate(token: string): Promise<Session | undefined> {
    const tokenHash = hashSecret(token);
    const session = await liveSession(tokenHash);
    if (!session) return undefined;
    const at = now();
    if (at - session.lastUsedAt > SESSION_TOUCH_INTERVAL_MS) {
      await authRepo.touchSession(tokenHash, at);
      sessions.touched(tokenHash, at);
    }
    return { user: session.user, tokenHash };
  }

  return {
    issueOneTimeToken,
    authenticate,

    /**
     * A session taken earlier, as it is now: undefined once it ended (signed out, everywhere too, or idle), with its
     * user's current row otherwise. Not a use of the session: a stream kept open does not keep it from going idle.
     */
    async recheck(session: Session): Promise<Session | undefined> {
      const live = await liveSession(session.tokenHash);
      return live && { user: live.user, tokenHash: session.tokenHash };
    },

    /** Checks the password once the attempt is counted: a failed check stays counted, a right one is forgotten. */
    async signIn(email: string, password: string, ip: string): Promise<{ token: string; user: UserRow }> {
      const attempt = { kind: 'sign_in' as const, account: email.toLowerCase(), address: throttledAddress(ip) };
      const at = now();
      const liftsAt = await authRepo.recordAttempt(attempt, SIGN_IN_LIMITS, at);
      if (liftsAt !== undefined) {
        const retryAfter = Math.max(1, Math.ceil((liftsAt - at) / 1000));
        throw new AppError('auth.throttled', { minutes: Math.ceil(retryAfter / 60) }, undefined, {
          'retry-after': String(retryAfter),
        });
      }
      const user = await usersRepo.findByEmail(email);
      const valid = await verifyPassword(user?.passwordHash, password);
      if (!user || !valid) throw new AppError('auth.invalid_credentials');
      if (user.emailConfirmedAt === null) {
        await authRepo.forgetAttempts(attempt, SIGN_IN_THROTTLE.windowMs, now());
        throw new AppError('auth.email_not_confirmed');
      }
      // One commit for both: the sign-in path waits for the disk once, as it did before attempts were counted.
      const token = await db.transaction().execute(async (trx) => {
        await authRepo.forgetAttempts(attempt, SIGN_IN_THROTTLE.windowMs, now(), trx);
        return startSession(user.id, trx);
      });
      return { token, user };
    },

    /** Exchanges a one-time sign-in token, or a live access token, for a new access token. */
    async signInWithToken(token: string): Promise<{ token: string; user: UserRow }> {
      const tokenHash = hashSecret(token);
      const userId =
        (await authRepo.spendOneTimeToken(tokenHash, 'sign_in', now())) ?? (await authenticate(token))?.user.id;
      const user = userId ? await usersRepo.findById(userId) : undefined;
      if (!user || user.emailConfirmedAt === null) throw new AppError('auth.invalid_token');
      return { token: await startSession(user.id), user };
    },

    async signOut(session: Session) {
      await authRepo.deleteSession(session.tokenHash);
      sessions.forgetUser(session.user.id);
    },

    async signOutEverywhere(session: Session) {
      await authRepo.deleteSessionsOf(session.user.id);
      sessions.forgetUser(session.user.id);
    },

    async register(request: RegistrationRequest, language: Language): Promise<UserRow> {
      const user = await usersRepo.insert({
        email: request.email,
        username: request.username,
        passwordHash: await hashPassword(request.password1),
        language,
        emailConfirmed: false,
      });
      if (!user) throw new AppError('auth.email_taken');
      const key = await issueOneTimeToken(user.id, 'email_confirmation', CONFIRMATION_KEY_TTL_MS);
      await sendMail(
        confirmationMail({
          to: user.email,
          link: link('/confirm-email', { key, lang: language }),
          language,
          product: config.productName,
        }),
      );
      return user;
    },

    async verifyEmail(key: string): Promise<void> {
      const at = now();
      const userId = await authRepo.spendOneTimeToken(hashSecret(key), 'email_confirmation', at);
      if (!userId) throw new AppError('auth.invalid_confirmation_key');
      await usersRepo.confirmEmail(userId, at);
      sessions.forgetUser(userId);
    },

    async changePassword(session: Session, request: PasswordChangeRequest): Promise<void> {
      if (!(await verifyPassword(session.user.passwordHash, request.old_password))) {
        throw new AppError('auth.wrong_current_password', {}, { old_password: 'auth.wrong_current_password' });
      }
      const passwordHash = await hashPassword(request.password1);
      await db.transaction().execute(async (trx) => {
        await usersRepo.setPassword(session.user.id, passwordHash, trx);
        await authRepo.deleteSessionsOf(session.user.id, session.tokenHash, trx);
      });
      sessions.forgetUser(session.user.id);
    },

    /**
     * Mails a reset link when the address is known and its mails are within their limits; says nothing either way, so
     * addresses cannot be probed.
     */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      const user = await usersRepo.findByEmail(email);
      if (!user) return;
      const attempt = { kind: 'password_reset_mail' as const, account: user.email, address: throttledAddress(ip) };
      if ((await authRepo.recordAttempt(attempt, PASSWORD_RESET_MAIL_LIMITS, now())) !== undefined) return;
      const token = await issueOneTimeToken(user.id, 'password_reset', PASSWORD_RESET_TTL_MS);
      await sendMail(
        passwordResetMail({
          to: user.email,
          link: link('/reset-password', { uid: user.id, token, lang: user.language }),
          language: user.language,
          product: config.productName,
        }),
      );
    },

    /**
     * Mails a user added to a business the link to choose a password. It is a password-reset link that lives longer,
     * so `/reset-password` and its confirm call serve both, and setting the password confirms the address.
     */
    async sendInvitation(options: { user: UserRow; inviter: UserRow; business: string; language: Language }) {
      const { user, inviter, business, language } = options;
      const token = await issueOneTimeToken(user.id, 'password_reset', INVITATION_TTL_MS);
      const inviterName = `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email;
      await sendMail(
        invitationMail({
          to: user.email,
          // `invited`: the page says the password is set, not changed, since the invitee never had one.
          link: link('/reset-password', { uid: user.id, token, lang: language, invited: '1' }),
          language,
          product: config.productName,
          inviter: inviterName,
          business,
        }),
      );
    },

    /** Tells an existing user, in their own language, that they were added to a business. */
    async sendAddedToBusiness(options: { user: UserRow; adder: UserRow; business: string }) {
      const { user, adder, business } = options;
      await sendMail(
        addedToBusinessMail({
          to: user.email,
          link: link('/businesses', { lang: user.language }),
          language: user.language,
          product: config.productName,
          adder: `${adder.firstName} ${adder.lastName}`.trim() || adder.email,
          business,
        }),
      );
    },

    /** Sets the new password, ends every session and, since the link came by mail, confirms the address. */
    async confirmPasswordReset(request: PasswordResetConfirmRequest): Promise<void> {
      const passwordHash = await hashPassword(request.new_password1);
      await db.transaction().execute(async (trx) => {
        const at = now();
        const userId = await authRepo.spendOneTimeToken(hashSecret(request.token), 'password_reset', at, trx);
        if (!userId || userId !== request.uid) throw new AppError('auth.invalid_reset_link');
        await usersRepo.setPassword(userId, passwordHash, trx);
        await usersRepo.confirmEmail(userId, at, trx);
        await authRepo.spendAllOneTimeTokensOf(userId, 'password_reset', at, trx);
        await authRepo.deleteSessionsOf(userId, undefined, trx);
      });
      sessions.forgetUser(request.uid);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
