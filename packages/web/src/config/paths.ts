/** The app's paths, in one place: the route table, the guard and the links all use these. */
export const paths = {
  home: '/',
  login: '/login',
  resetPassword: '/reset-password',
  signUp: '/sign-up',
  emailConfirmation: '/email-email',
  confirmEmail: '/confirm-email',
} as const;

/** Pages that never force a sign-in, where a 401 does not send the user to /login (SPEC section 8). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.resetPassword,
  paths.signUp,
  paths.emailConfirmation,
  paths.confirmEmail,
];
