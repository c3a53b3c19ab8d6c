// The one spacing rule of Chinese text: a space between a Chinese character and a Latin letter or a digit, on
// either side ("1200 V 碳化硅 MOSFET，TO-247-4 封装"); none beside Chinese punctuation. An interpolation
// ("共{{count}}款", "按{{column}}排列") is left as written: its value may be Chinese. The copy mixed both ways about half and half; spaced is the common style of Chinese
// technical writing and what most of it already did. Registration numbers keep their official form
// ("苏ICP备20051234号-1", "苏公网安备 32059002003456号"). test/unit/chinese-spacing.test.ts holds every UI
// string and content file to it.

const han = String.raw`\p{Script=Han}`;
/** A Latin letter or digit before Chinese; "%" and "Ω" end a number or a unit ("100%", "40 mΩ") as a letter does. */
const before = new RegExp(String.raw`([A-Za-z0-9%\u03a9\u2126])(${han})`, "gu");
/** Chinese before a Latin letter, a digit, or a sign that starts a number ("+18 V", "−3 V"). */
const after = new RegExp(String.raw`(${han})([A-Za-z0-9\u00b5]|[+\u2212](?=\d))`, "gu");
const registration = new RegExp(String.raw`${han}(?:ICP[备证]\d+号(?:-\d+)?|公网安备\s?\d+号)`, "gu");

function spaceOutside(text: string, change: (part: string) => string): string {
  let result = "";
  let last = 0;
  for (const match of text.matchAll(registration)) {
    result += change(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return result + change(text.slice(last));
}

/** The text with the rule applied. */
export function spaceChineseLatin(text: string): string {
  return spaceOutside(text, (part) => part.replace(before, "$1 $2").replace(after, "$1 $2"));
}
