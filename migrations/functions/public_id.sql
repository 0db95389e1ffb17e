-- The public id format of core/ids.ts (prefix, 20 base32 characters), for rows made in SQL:
-- base64's 64 symbols map two to one onto the 32 of core/ids.ts (value & 31, as there), 15 random
-- bytes giving 20 characters, 100 bits. Inlinable: every lead write records an event, and a
-- string_agg over generate_series cost about 120 µs a call inside a request's transaction.
create or replace function public_id(prefix text) returns text
language sql volatile as $$
  select prefix || '_' || translate(encode(gen_random_bytes(15), 'base64'),
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
    '0123456789abcdefghjkmnpqrstvwxyz0123456789abcdefghjkmnpqrstvwxyz')
$$;
