// Every country an organization may be based in (issue 31): ISO 3166-1 alpha-2 codes, with Kosovo
// (XK, in common use), written once. Organizations of this field sit in Geneva, New York, Manila or
// Canberra as often as in the ten countries of the directory, so this list is the world's, not
// COUNTRIES'. The name a person reads comes from the runtime's own CLDR data (Intl.DisplayNames),
// in the page's language, so no list of names needs translating.

const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
  "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
  "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
  "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
  "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW";

export const COUNTRY_CODES: readonly string[] = CODES.split(" ");

const names = new Map<string, Intl.DisplayNames>();

/** The country's name in `locale` ("TH" is "Thailand" in English, "ประเทศไทย" in Thai); the code when unknown. */
export function countryName(code: string, locale = "en"): string {
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([locale, "en"], { type: "region", fallback: "code" });
    names.set(locale, display);
  }
  try {
    return display.of(code) ?? code;
  } catch {
    return code;
  }
}

/** `{ value, label }` for a select, sorted by name in `locale`. */
export function countryOptions(locale = "en"): { value: string; label: string }[] {
  return COUNTRY_CODES.map((value) => ({ value, label: countryName(value, locale) })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}

/** The code of a country named in English ("Vietnam", "Viet Nam", "Myanmar", "Lao PDR" are all found); undefined when unknown. */
export function countryCodeOf(name: string): string | undefined {
  const wanted = simplified(name);
  const aliases: Record<string, string> = { "viet nam": "VN", "lao pdr": "LA", burma: "MM", "timor leste": "TL" };
  if (aliases[wanted]) return aliases[wanted];
  return COUNTRY_CODES.find((code) => simplified(countryName(code)) === wanted);
}

function simplified(name: string): string {
  return name
    .toLowerCase()
    .replace(/\(.*?\)/g, "")
    .replace(/&/g, "and")
    .replace(/[^a-z]+/g, " ")
    .trim();
}
