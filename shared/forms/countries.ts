// Countries and regions a sample can ship to: the ISO 3166-1 alpha-2 codes (the officially assigned ones,
// as listed by the ISO 3166 Maintenance Agency's online browsing platform), named in the visitor's
// language by Intl.DisplayNames (CLDR), so no country name is typed by hand.
import { htmlLang, type Language } from "../languages.ts";

const assigned =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

const countryCodes: readonly string[] = assigned.split(" ");

export function isCountryCode(value: unknown): value is string {
  return typeof value === "string" && countryCodes.includes(value);
}

const displayNames: Partial<Record<Language, Intl.DisplayNames>> = {};

/** The country's or region's name in the language (CLDR); the code itself if the runtime lacks it. */
export function countryName(code: string, language: Language): string {
  displayNames[language] ??= new Intl.DisplayNames([htmlLang[language]], { type: "region" });
  const names = displayNames[language];
  return names.of(code) ?? code;
}

/** Every code with its name, sorted for the language's readers; mainland China and its neighbours first. */
export function countryOptions(language: Language): Array<{ code: string; name: string }> {
  const first = ["CN", "HK", "MO", "TW"];
  const collator = new Intl.Collator(htmlLang[language]);
  const rest = countryCodes
    .filter((code) => !first.includes(code))
    .map((code) => ({ code, name: countryName(code, language) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...first.map((code) => ({ code, name: countryName(code, language) })), ...rest];
}
