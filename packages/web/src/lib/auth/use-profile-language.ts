import type { Language, User } from '@iot/shared';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { changeLanguage, i18n } from '@/i18n';
import { useUpdateUser } from './update-user';

/**
 * The interface language chosen by a signed-in user: it applies at once, and the profile keeps it for the next
 * sign-in (PATCH with the user's version; a stale one gets the conflict message and a fresh user).
 */
export function useProfileLanguage(user: User | undefined) {
  const { showSuccess } = useSnackbar();
  const updateUser = useUpdateUser(user?.email ?? '');

  const chooseLanguage = async (language: Language) => {
    await changeLanguage(language);
    if (!user || user.profile.language === language) return;
    // `i18n.t`, not a hook's `t`: that one stays bound to the language the component last rendered in.
    updateUser.mutate({ version: user.version, language }, { onSuccess: () => showSuccess(i18n.t('app.updated')) });
  };
  return { chooseLanguage, saving: updateUser.isPending };
}
