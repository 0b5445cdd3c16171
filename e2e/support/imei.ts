/** A valid IMEI (Luhn check digit) from a 14-digit body, for the trackers a test makes. */
export function imei(body: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    let digit = Number(body[index]);
    if (index % 2 === 1) digit *= 2;
    sum += digit > 9 ? digit - 9 : digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
