import { z } from 'zod';
import { normalizeUsPhone } from '../../core/phone.ts';
import { checkUsAddress, MAX_ADDRESS_LENGTH } from '../../core/address.ts';

/** US-only phone, answered as its 10 stored digits; shared by leads, conversions and form events. */
export const UsPhone = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const digits = normalizeUsPhone(value);
    if (!digits) {
      ctx.addIssue({ code: 'custom', message: 'must be a valid US phone number (+1, US area code)' });
      return z.NEVER;
    }
    return digits;
  })
  .meta({ description: 'US phone number; stored as its 10 digits' });

/** The spec's address rule: empty, explicitly US, or US state + ZIP; clearly foreign is rejected. */
export const UsAddress = z
  .string()
  .max(MAX_ADDRESS_LENGTH)
  .superRefine((value, ctx) => {
    const verdict = checkUsAddress(value);
    if (!verdict.ok) ctx.addIssue({ code: 'custom', message: `must be a US address: ${verdict.reason}` });
  });

export const Email = z.email();
