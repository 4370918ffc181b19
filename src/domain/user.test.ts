import { describe, expect, it } from 'vitest';
import { splitDisplayName, userInitials, userLabel } from './user.ts';
import { DevLoginInput, EmailAddress, UserRegistrationInput } from './user-input.ts';

const EMAIL_MESSAGE = 'Please enter a valid email address.';

describe('splitDisplayName', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['  Grace   Brewster  Hopper ', 'Grace', 'Brewster Hopper'],
    ['Cher', 'Cher', ''],
    ['María José García López', 'María', 'José García López'],
    ['Ada\tLovelace\n', 'Ada', 'Lovelace'],
    ['', '', ''],
    ['   ', '', ''],
  ])('%j -> first %j, last %j', (input, firstName, lastName) => {
    expect(splitDisplayName(input)).toEqual({ firstName, lastName });
  });
});

describe('userLabel', () => {
  it('is the display name when there is one, trimmed', () => {
    expect(userLabel({ displayName: '  Ada Lovelace ', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('is the part of the e-mail before the at-sign when the name is blank', () => {
    expect(userLabel({ displayName: '', email: 'grace.hopper@example.com' })).toBe('grace.hopper');
    expect(userLabel({ displayName: '   ', email: 'x@y.example' })).toBe('x');
  });

  it('is the whole e-mail when it has no local part to show', () => {
    expect(userLabel({ displayName: '', email: '@example.com' })).toBe('@example.com');
    expect(userLabel({ displayName: '', email: 'no-at-sign' })).toBe('no-at-sign');
  });
});

describe('EmailAddress', () => {
  it('trims and lower-cases', () => {
    expect(EmailAddress.parse('  Ada.Lovelace@Example.COM\t')).toBe('ada.lovelace@example.com');
  });

  it('accepts plus addressing and subdomains', () => {
    expect(EmailAddress.parse('ada+lists@mail.example.co.uk')).toBe('ada+lists@mail.example.co.uk');
  });

  it.each([
    ['no at-sign', 'ada.example.com'],
    ['no domain', 'ada@'],
    ['no local part', '@example.com'],
    ['two at-signs', 'ada@@example.com'],
    ['spaces inside', 'ada lovelace@example.com'],
    ['empty', ''],
    ['only spaces', '   '],
    ['longer than 254 characters', `${'a'.repeat(64)}@${'b'.repeat(186)}.example`],
  ])('refuses an address with %s, with the form message', (_label, input) => {
    const result = EmailAddress.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(EMAIL_MESSAGE);
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['missing', undefined],
  ])('refuses %s with the form message', (_label, input) => {
    const result = EmailAddress.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(EMAIL_MESSAGE);
  });
});

describe('DevLoginInput', () => {
  it('normalises the e-mail, trims the name and defaults it to empty', () => {
    expect(DevLoginInput.parse({ email: ' A@B.example ', displayName: ' Ada ' })).toEqual({
      email: 'a@b.example',
      displayName: 'Ada',
    });
    expect(DevLoginInput.parse({ email: 'a@b.example' })).toEqual({ email: 'a@b.example', displayName: '' });
  });

  it('refuses a display name over 100 characters', () => {
    const result = DevLoginInput.safeParse({ email: 'a@b.example', displayName: 'x'.repeat(101) });
    expect(result.error?.issues[0]?.message).toBe('Display name must be at most 100 characters');
    expect(DevLoginInput.safeParse({ email: 'a@b.example', displayName: 'x'.repeat(100) }).success).toBe(
      true,
    );
  });
});

describe('UserRegistrationInput', () => {
  it('accepts the spec payload and defaults the names', () => {
    expect(UserRegistrationInput.parse({ userId: 'user_1' })).toEqual({
      userId: 'user_1',
      firstName: '',
      lastName: '',
    });
  });

  it('accepts an https picture, an empty one and null', () => {
    for (const profileImageUrl of ['https://img.example/a.png', '', null]) {
      expect(UserRegistrationInput.safeParse({ userId: 'u', profileImageUrl }).success).toBe(true);
    }
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://img.example/a.png',
    'http://img.example/a.png',
    'not a url',
  ])('refuses the picture %j', (profileImageUrl) => {
    expect(UserRegistrationInput.safeParse({ userId: 'u', profileImageUrl }).success).toBe(false);
  });

  it('refuses an empty userId with its message', () => {
    expect(UserRegistrationInput.safeParse({ userId: '' }).error?.issues[0]?.message).toBe(
      'userId is required',
    );
  });
});

describe('userInitials', () => {
  it.each([
    ['Ada Lovelace', 'ada@example.com', 'AL'],
    ['Grace Brewster Murray Hopper', 'g@example.com', 'GH'],
    ['cher', 'c@example.com', 'C'],
    ['  ', 'sam@example.com', 'S'],
    ['Émile Zola', 'e@example.com', 'ÉZ'],
    ['李 小龙', 'l@example.com', '李小'],
  ])('%s (%s) -> %s', (displayName, email, expected) => {
    expect(userInitials({ displayName, email })).toBe(expected);
  });

  it('agrees with the label when there is no name', () => {
    const user = { displayName: '', email: 'pat@example.com' };
    expect(userInitials(user)).toBe(userLabel(user).charAt(0).toUpperCase());
  });
});
