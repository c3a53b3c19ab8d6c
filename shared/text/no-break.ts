// Where a line may not break in a value shown to an engineer.

/** A value and its unit never part at a line end ("25 °C", "135 °C"): a space after a digit becomes a no-break space. */
export function keepNumberWithUnit(text: string): string {
  return text.replace(/(?<=\d) (?=\S)/g, "\u00a0");
}
