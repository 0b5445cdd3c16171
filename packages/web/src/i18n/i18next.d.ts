import 'i18next';
import type { MessageCode } from '@iot/shared';
import type en from './en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    keySeparator: false;
    nsSeparator: false;
    resources: { translation: typeof en & Record<MessageCode, string> };
  }
}
