import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, isEmailAddress } from './email.ts';
import { EmailAddress } from './user-input.ts';

describe('one rule for an e-mail address, with and without zod', () => {
  it("is zod's own pattern", () => {
    // The same pattern, written without the escapes a hyphen at the end of a class does not need.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it.each([
    ['jane.doe@example.com', true],
    ['  Jane.Doe@Example.COM ', true],
    ["o'brien+lists@mail.example.co.uk", true],
    ['jane..doe@example.com', false],
    ['.jane@example.com', false],
    ['jane@example', false],
    ['jane@exa_mple.com', false],
    ['jane doe@example.com', false],
    ['jane@@example.com', false],
    ['', false],
    [`${'a'.repeat(64)}@${'b'.repeat(185)}.com`, true],
    [`${'a'.repeat(64)}@${'b'.repeat(186)}.com`, false],
  ])('%j: %s, as the server decides', (address, valid) => {
    expect(isEmailAddress(address)).toBe(valid);
    expect(EmailAddress.safeParse(address).success).toBe(valid);
  });
});
