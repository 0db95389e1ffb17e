const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI ' +
    'SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP'
  ).split(' '),
);
const US_STATE_NAMES =
  /\b(alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming|district of columbia|puerto rico)\b/i;
const EXPLICIT_US = /\b(usa|u\.s\.a\.?|u\.s\.|united states( of america)?)\s*$/i;
const CANADIAN_POSTAL = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d\b/i;
const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?|GIR) ?\d[ABD-HJLNP-UW-Z]{2}\b/i;
const CANADIAN_PROVINCES =
  /,\s*(AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\b|\b(ontario|quebec|québec|british columbia|alberta|manitoba|saskatchewan|nova scotia|new brunswick|newfoundland|prince edward island|yukon|nunavut)\b/i;
const FOREIGN_COUNTRIES =
  /\b(canada|mexico|méxico|united kingdom|uk|u\.k\.|england|scotland|wales|northern ireland|ireland|great britain|australia|new zealand|germany|deutschland|france|spain|españa|italy|italia|portugal|netherlands|belgium|switzerland|austria|sweden|norway|denmark|finland|poland|india|china|japan|brazil|brasil|argentina|colombia|chile|peru|philippines|south africa|nigeria|israel|russia|ukraine|turkey|egypt|pakistan|bangladesh|vietnam|thailand|indonesia|malaysia|singapore|korea)\s*\.?$/i;
const STATE_ZIP = /\b([A-Z]{2})\.?,?\s+(\d{5})(-\d{4})?\b/;
/**
 * A US secondary unit (USPS designators, long forms and `#`) with the unit it names: "Unit B2",
 * "Apt 4C", "Ste 200", "#3F", "Bldg A1". Unit names look like postcode halves ("Unit B2 2nd
 * Floor" reads as the UK postcode "B2 2ND"), so they are taken out before postcodes are sought.
 */
const US_UNIT =
  /(?:\b(?:apartment|apt|building|bldg|department|dept|floor|fl|hangar|hngr|lot|office|ofc|pier|room|rm|slip|space|spc|stop|suite|ste|trailer|trlr|unit)\b\.?|#)[ \t]?#?[ \t]?[A-Z0-9][A-Z0-9-]{0,7}\b/gi;

/** Longer input is refused before any pattern runs, so no match costs more than this bounds. */
export const MAX_ADDRESS_LENGTH = 500;

export type AddressVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The spec's address rule: empty, an explicit US country, or a US state plus ZIP is accepted;
 * a clearly non-US address is rejected; anything else (a street line alone) is accepted, since
 * it is not clearly foreign.
 */
export function checkUsAddress(address: string): AddressVerdict {
  if (address.length > MAX_ADDRESS_LENGTH)
    return { ok: false, reason: `address is longer than ${MAX_ADDRESS_LENGTH} characters` };
  const a = address.trim();
  if (!a) return { ok: true };
  if (EXPLICIT_US.test(a)) return { ok: true };
  const stateZip = STATE_ZIP.exec(a.toUpperCase());
  if (stateZip && US_STATES.has(stateZip[1]!)) return { ok: true };
  if (FOREIGN_COUNTRIES.test(a)) return { ok: false, reason: 'address names a country other than the United States' };
  const withoutUnits = a.replace(US_UNIT, ' ');
  if (CANADIAN_POSTAL.test(withoutUnits)) return { ok: false, reason: 'address has a Canadian postal code' };
  if (CANADIAN_PROVINCES.test(a) && !US_STATE_NAMES.test(a))
    return { ok: false, reason: 'address is in a Canadian province' };
  if (UK_POSTCODE.test(withoutUnits) && !/\b\d{5}\b/.test(a)) return { ok: false, reason: 'address has a UK postcode' };
  return { ok: true };
}
