import { expect, test } from 'vitest';
import { phoneCountry, checkPhone as validatePhone } from './phone.ts';

test('an empty number is required', () => {
  expect(validatePhone('')).toEqual({ ok: false, problem: 'required' });
  expect(validatePhone('   ')).toEqual({ ok: false, problem: 'required' });
});

test('a US number without a country code becomes E.164', () => {
  expect(validatePhone('(201) 555-0123')).toEqual({ ok: true, e164: '+12015550123' });
  expect(validatePhone('201.555.0123')).toEqual({ ok: true, e164: '+12015550123' });
});

test('international numbers keep their country', () => {
  expect(validatePhone('+44 7911 123456')).toEqual({ ok: true, e164: '+447911123456' });
  expect(validatePhone('+49 1512 3456789')).toEqual({ ok: true, e164: '+4915123456789' });
});

test('a number that parses but cannot exist is invalid', () => {
  expect(validatePhone('123')).toEqual({ ok: false, problem: 'invalid' });
  expect(validatePhone('+1 555 0100')).toEqual({ ok: false, problem: 'invalid' });
});

test('text that is not a number is a format error', () => {
  expect(validatePhone('hello')).toEqual({ ok: false, problem: 'format' });
  expect(validatePhone('+')).toEqual({ ok: false, problem: 'format' });
});

test('input over 250 characters is rejected as too long', () => {
  expect(validatePhone(`2015550123${' '.repeat(245)}1`)).toEqual({
    ok: false,
    problem: 'format',
  });
});

test('phone_country is +1 for US and Canada, else the calling code', () => {
  expect(phoneCountry('+12015550123')).toBe('+1');
  expect(phoneCountry('+14165550123')).toBe('+1');
  expect(phoneCountry('+447911123456')).toBe('+44');
  expect(phoneCountry('+35312345678')).toBe('+353');
  expect(phoneCountry('+99912345')).toBe('+9991');
  expect(phoneCountry('not a number')).toBe('unknown');
});
