import type { TFunction } from 'i18next';

const STANDARD = ['production', 'demo', 'staging', 'development', 'local'] as const;

/** The localised name of a standard endpoint set; a partner set is shown by its own name. */
export function endpointSetLabel(t: TFunction, name: string): string {
  const standard = STANDARD.find((set) => set === name);
  return standard ? t(`endpointSet.${standard}`) : name;
}
