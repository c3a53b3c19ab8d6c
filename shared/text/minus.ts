// How a negative value is written for an engineer to read.

/**
 * A hyphen-minus that starts a number ("-4 V", "-40 to 175 °C", "电压-4 V") becomes the minus sign (U+2212), as
 * typeset datasheets write it; a hyphen after a Latin or Greek letter or a digit (TO-247-4, IEC 60747-8,
 * 2025-01-16, 20-40 kW, 1.2e-3) stays.
 */
export function withMinusSign(text: string): string {
  return text.replace(/(?<![\p{Script=Latin}\p{Script=Greek}\p{N}])-(?=\d)/gu, "\u2212");
}
