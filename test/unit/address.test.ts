import { describe, expect, it } from 'vitest';
import { checkUsAddress, MAX_ADDRESS_LENGTH } from '../../core/address.ts';

const NUMBERS = ['1', '7', '23', '45', '108', '221', '350', '1200', '4521', '10050', '9', '77'];
const STREETS = [
  'Oak',
  'Maple',
  'Main',
  'Elm',
  'Cedar',
  'Pine',
  'Washington',
  'Lincoln',
  'Park',
  'Lakeview',
  'Sunset',
  'Highland',
  'Poinciana',
  'Martin Luther King Jr',
  '2nd',
  '3rd',
  '1st',
  '4th',
  'N Broad',
  'W 34th',
];
const SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Ct', 'Way', 'Pl', 'Ter', 'Pkwy', 'Cir', 'Street', 'Avenue'];
// Unit names that look like halves of UK or Canadian postcodes are the point of the list.
const UNITS = [
  'Unit B2',
  'Unit B2 2nd Floor',
  'Apt 4C',
  'Apt. 12B',
  'Apt #5E',
  'Ste 200',
  'Suite B3',
  'Suite W1 4th Fl',
  '#3F',
  '# 2A',
  'Bldg A1',
  'Bldg C4 2nd Floor',
  'Building N1 3rd Floor',
  'Unit 2A',
  'Rm 3D',
  'Room E1 1st Floor',
  'Fl 2',
  'Lot 14',
  'Trlr 7',
  'Unit M5V',
  'Apt K1A',
  'Ste L2 3rd Fl',
  'Unit SW1 2nd Fl',
  'Dept G4',
  'Spc 12',
  'Office B12 2nd Floor',
  'Apartment 3B',
];
const CITIES: [string, string, string][] = [
  ['Austin', 'TX', '78701'],
  ['Miami', 'FL', '33101'],
  ['Portland', 'OR', '97201'],
  ['Boise', 'ID', '83702'],
  ['Deltona', 'FL', '32738'],
  ['Chicago', 'IL', '60601'],
  ['Denver', 'CO', '80202'],
  ['Seattle', 'WA', '98101'],
  ['Phoenix', 'AZ', '85004'],
  ['Atlanta', 'GA', '30303'],
  ['Boston', 'MA', '02108'],
  ['Nashville', 'TN', '37203'],
  ['Birmingham', 'AL', '35203'],
  ['Manchester', 'NH', '03101'],
  ['London', 'KY', '40741'],
  ['San Juan', 'PR', '00901'],
];

/** Deterministic: the i-th address walks each list at its own stride, in four layouts. */
function usAddress(i: number): string {
  const pick = <T>(list: T[], stride: number) => list[(i * stride + Math.floor(i / list.length)) % list.length]!;
  const street = `${pick(NUMBERS, 5)} ${pick(STREETS, 7)} ${pick(SUFFIXES, 3)}`;
  const unit = pick(UNITS, 11);
  const [city, state, zip] = pick(CITIES, 13);
  switch (i % 4) {
    case 0:
      return `${street}, ${unit}`;
    case 1:
      return `${street} ${unit}, ${city}, ${state}`;
    case 2:
      return `${unit}, ${street}, ${city} ${state}`;
    default:
      return `${street}, ${unit}, ${city}, ${state} ${zip}`;
  }
}

const US_ADDRESSES = [...new Set(Array.from({ length: 400 }, (_, i) => usAddress(i)))];

const UK_ADDRESSES = [
  '10 Downing St, London SW1A 2AA',
  '221B Baker St, London NW1 6XE',
  'Flat 3, 12 High St, Manchester M1 1AE',
  '1 Princes St, Edinburgh EH2 2EQ',
  'Unit 5, Kirkstall Rd, Leeds LS3 1JL',
  'Suite 4, 35 Castle St, Liverpool L2 9SH',
  '8 Quay St, Cardiff CF10 1EA',
  '14 Royal Ave, Belfast BT1 1DA',
  '30 St Mary Axe, London EC3A 8EP',
  '3rd Floor, 1 Canada Sq, London E14 5AB',
  '2 Colmore Row, Birmingham B2 4QA',
  'Unit B2, Far Gosford St, Coventry CV1 2GT',
  '5 Broad St, Oxford OX1 3AJ',
  'Apt 4, 9 Royal Cres, Bath BA1 2LR',
];

const CANADIAN_ADDRESSES = [
  '1 Main St, Toronto, ON M5V 2T6',
  '100 Queen St W, Toronto, ON M5H 2N2',
  '1000 Rue Sherbrooke O, Montréal, QC H3A 3G4',
  '800 Burrard St, Vancouver, BC V6Z 2V8',
  'Unit 12, 200 Kent St, Ottawa, ON K1A 0G9',
  'Apt 4C, 10 Spring Garden Rd, Halifax, NS B3J 3R4',
  '301 Front St W, Toronto M5V 2T6',
  'Suite 200, 150 9th Ave SW, Calgary, Alberta T2P 3H9',
  '10 Wellington St, Ottawa K1A0A9',
];

describe('checkUsAddress', () => {
  it(`has a few hundred distinct US addresses to judge (${US_ADDRESSES.length})`, () => {
    expect(US_ADDRESSES.length).toBeGreaterThanOrEqual(300);
  });

  it.each(US_ADDRESSES)('accepts the US address %s (unit designators are not foreign postcodes)', (address) => {
    expect(checkUsAddress(address)).toEqual({ ok: true });
  });

  it.each(UK_ADDRESSES)('still refuses the UK address %s', (address) => {
    expect(checkUsAddress(address)).toMatchObject({ ok: false });
  });

  it.each(CANADIAN_ADDRESSES)('still refuses the Canadian address %s', (address) => {
    expect(checkUsAddress(address)).toMatchObject({ ok: false, reason: expect.stringMatching(/Canadian/) });
  });

  it('refuses input over the length cap before matching, and stays fast on hostile input at the cap', () => {
    expect(checkUsAddress('1'.repeat(MAX_ADDRESS_LENGTH + 1))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/longer than/),
    });
    const hostile = [
      '#'.repeat(MAX_ADDRESS_LENGTH),
      `${'Unit '.repeat(99)}x`,
      `${' \t'.repeat(249)}#`,
      `A${'1'.repeat(499)}`,
    ];
    const started = performance.now();
    for (const input of hostile) checkUsAddress(input.slice(0, MAX_ADDRESS_LENGTH));
    expect(performance.now() - started).toBeLessThan(50);
  });
});
