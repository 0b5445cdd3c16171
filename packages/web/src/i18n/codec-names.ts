import type { TFunction } from 'i18next';

/** A per-channel reading's key: the signal's key, `_`, the channel (Cayenne LPP's `temperature_3`). */
const CHANNEL_KEY = /^(.+)_(\d{1,3})$/;

/** The name of a device type in the interface language (its codec's English name when untranslated). */
export const deviceTypeName = (t: TFunction, id: string, name: string): string =>
  t(`deviceTypes.${id}` as never, { defaultValue: name }) as string;

/**
 * The name of a device type's signal in the interface language. The codecs name their signals in English; a signal
 * without a translation (a type added since) keeps that name. A channel's reading is named after its signal and
 * channel.
 */
export function signalName(t: TFunction, key: string, name: string): string {
  const translated = (signalKey: string, fallback: string) =>
    t(`signals.${signalKey}` as never, { defaultValue: fallback }) as string;
  if (t(`signals.${key}` as never, { defaultValue: '' }) !== '') return translated(key, name);
  const channelled = CHANNEL_KEY.exec(key);
  if (!channelled) return name;
  const [, base = key, channel] = channelled;
  const baseName = name.endsWith(` ${channel}`) ? name.slice(0, -` ${channel}`.length) : name;
  return `${translated(base, baseName)} ${channel}`;
}

/** The name of a device type's parameter in the interface language (its codec's English name when untranslated). */
export const parameterName = (t: TFunction, key: string, name: string): string =>
  t(`params.${key}` as never, { defaultValue: name }) as string;

/** Words the codecs report as text values (a report's trigger: `periodic`, `alarm`), as opposed to data (a colour). */
const CODEC_WORD = /^[a-z][a-z_]*$/;

/** A text a codec reports, in the interface language: its words translated, anything else (data) as it is. */
export const signalText = (t: TFunction, value: string): string =>
  CODEC_WORD.test(value) ? (t(`signalTexts.${value}` as never, { defaultValue: value }) as string) : value;
