import type { Language } from '@iot/shared';
import { escapeHtml } from '../../adapters/mail/escape-html.js';
import type { Mail } from '../../adapters/mail/mailer.js';

interface AccountMailTexts {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

const CONFIRMATION: Record<Language, AccountMailTexts> = {
  en: {
    subject: 'Confirm your e-mail for {product}',
    intro: 'Welcome to {product}! Please confirm your e-mail address to activate your account.',
    action: 'Confirm my e-mail',
    outro: 'If you did not create an account, you can ignore this message.',
  },
  pt: {
    subject: 'Confirme o seu e-mail no {product}',
    intro: 'Bem-vindo ao {product}! Por favor confirme o seu endereço de e-mail para ativar a sua conta.',
    action: 'Confirmar o meu e-mail',
    outro: 'Se não criou uma conta, pode ignorar esta mensagem.',
  },
};

const PASSWORD_RESET: Record<Language, AccountMailTexts> = {
  en: {
    subject: 'Reset your {product} password',
    intro: 'Someone asked to reset the password of your {product} account. The link works once, within one hour.',
    action: 'Choose a new password',
    outro: 'If it was not you, ignore this message: your password stays as it is.',
  },
  pt: {
    subject: 'Recuperar a palavra-passe do {product}',
    intro:
      'Foi pedida a recuperação da palavra-passe da sua conta {product}. A ligação funciona uma vez, durante uma hora.',
    action: 'Escolher uma nova palavra-passe',
    outro: 'Se não foi o próprio, ignore esta mensagem: a sua palavra-passe mantém-se.',
  },
};

const INVITATION: Record<Language, AccountMailTexts> = {
  en: {
    subject: 'You were invited to {product}',
    intro:
      '{inviter} gave you access to "{business}" in {product}. Choose a password to activate your account. The link works once, within seven days.',
    action: 'Choose my password',
    outro: 'If you were not expecting this invitation, you can ignore this message.',
  },
  pt: {
    subject: 'Foi convidado para o {product}',
    intro:
      '{inviter} deu-lhe acesso a "{business}" no {product}. Escolha uma palavra-passe para ativar a sua conta. A ligação funciona uma vez, durante sete dias.',
    action: 'Escolher a minha palavra-passe',
    outro: 'Se não esperava este convite, pode ignorar esta mensagem.',
  },
};

const ADDED_TO_BUSINESS: Record<Language, AccountMailTexts> = {
  en: {
    subject: 'You were added to "{business}" in {product}',
    intro: '{adder} gave you access to "{business}" in {product}. Sign in with your account to see it.',
    action: 'Sign in',
    outro: 'If you were not expecting this, tell the administrator of "{business}".',
  },
  pt: {
    subject: 'Foi adicionado a "{business}" no {product}',
    intro: '{adder} deu-lhe acesso a "{business}" no {product}. Entre com a sua conta para o ver.',
    action: 'Entrar',
    outro: 'Se não esperava esta mensagem, informe o administrador de "{business}".',
  },
};

function accountMail(
  texts: AccountMailTexts,
  to: string,
  link: string,
  product: string,
  values: Record<string, string> = {},
): Mail {
  const fill = (text: string) =>
    Object.entries({ ...values, product }).reduce(
      (filled, [name, value]) => filled.replaceAll(`{${name}}`, value),
      text,
    );
  const [subject, intro, action, outro] = [texts.subject, texts.intro, texts.action, texts.outro].map(fill) as [
    string,
    string,
    string,
    string,
  ];
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function confirmationMail(options: { to: string; link: string; language: Language; product: string }): Mail {
  return accountMail(CONFIRMATION[options.language], options.to, options.link, options.product);
}

export function passwordResetMail(options: { to: string; link: string; language: Language; product: string }): Mail {
  return accountMail(PASSWORD_RESET[options.language], options.to, options.link, options.product);
}

/** A new user added to a business: a link to choose a password, which also confirms the address. */
export function invitationMail(options: {
  to: string;
  link: string;
  language: Language;
  product: string;
  inviter: string;
  business: string;
}): Mail {
  const { inviter, business } = options;
  return accountMail(INVITATION[options.language], options.to, options.link, options.product, { inviter, business });
}

/** An existing user added to a business: told so, since the one who added them is not told whether they had an account. */
export function addedToBusinessMail(options: {
  to: string;
  link: string;
  language: Language;
  product: string;
  adder: string;
  business: string;
}): Mail {
  const { adder, business } = options;
  return accountMail(ADDED_TO_BUSINESS[options.language], options.to, options.link, options.product, {
    adder,
    business,
  });
}
