/** `datetime-local` text (minutes) of an instant, in the browser's time zone. */
export const toLocalInput = (date: number) => {
  const local = new Date(date - new Date(date).getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};

/** The instant of `datetime-local` text, read in the browser's time zone; NaN when empty or not a date. */
export const fromLocalInput = (text: string) => (text ? new Date(text).getTime() : Number.NaN);
