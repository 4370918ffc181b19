import { describe, expect, it } from 'vitest';
import { buildLinkLockedEmail } from './link-locked-message.ts';
import { buildOwnerNoticeEmail } from './owner-notice-email.ts';

const UNSUBSCRIBE = 'https://lists.example.com/api/unsubscribe?token=u1.abc.def';
const base = {
  siteName: 'ListSync',
  checklistName: 'Cabin <b>& Bar</b> $&',
  recipient: 'Jane (j•••e@example.com)',
  checklistUrl: 'https://lists.example.com/checklist/c1',
  unsubscribeUrl: UNSUBSCRIBE,
};

describe('e-mails to the owner', () => {
  it('a submission names the checklist and the recipient, says the report is attached, and ends with its unsubscribe line', () => {
    const mail = buildOwnerNoticeEmail({ ...base, kind: 'submitted', reportFilename: 'cabin.pdf' });
    expect(mail.subject).toBe('ListSync: “Cabin <b>& Bar</b> $&” was submitted');
    expect(mail.text).toContain('Jane (j•••e@example.com) submitted “Cabin <b>& Bar</b> $&”.');
    expect(mail.text).toContain('The completion report is attached (cabin.pdf)');
    expect(mail.text).toContain(`Unsubscribe from these e-mails: ${UNSUBSCRIBE}`);
    expect(mail.text).toContain('“A recipient submits a checklist” is on in your notification settings');
    // Names are escaped in the HTML, and a "$&" in them is not a replacement pattern.
    expect(mail.html).toContain('<strong><bdi>“Cabin &lt;b&gt;&amp; Bar&lt;/b&gt; $&amp;”</bdi></strong>');
    expect(mail.html).not.toContain('<b>&');
    expect(mail.html).toContain(`href="${UNSUBSCRIBE}"`);
  });

  it('without a report the submission e-mail says to open the checklist', () => {
    const mail = buildOwnerNoticeEmail({ ...base, kind: 'submitted', reportFilename: null });
    expect(mail.text).toContain('Open the checklist to see every task');
    expect(mail.text).not.toContain('attached');
  });

  it('each kind has its own subject and footer kind', () => {
    expect(buildOwnerNoticeEmail({ ...base, kind: 'first_tick' }).subject).toBe(
      'ListSync: work started on “Cabin <b>& Bar</b> $&”',
    );
    expect(buildOwnerNoticeEmail({ ...base, kind: 'last_tick' }).text).toContain(
      '“The first and the last task of a shared checklist is ticked” is on',
    );
    const noCode = buildOwnerNoticeEmail({ ...base, kind: 'code_not_received', recipient: null });
    expect(noCode.subject).toBe("ListSync: Your recipient didn't get a code for “Cabin <b>& Bar</b> $&”");
    expect(noCode.text).toContain("“A recipient says they didn't get a code” is on");
  });

  it('the link-locked e-mail carries its own unsubscribe line', () => {
    const mail = buildLinkLockedEmail({
      siteName: 'ListSync',
      checklistName: 'Cabin',
      recipientName: 'Jane',
      maskedContact: 'j•••e@example.com',
      checklistUrl: base.checklistUrl,
      unsubscribeUrl: UNSUBSCRIBE,
    });
    expect(mail.text).toContain(`Unsubscribe from these e-mails: ${UNSUBSCRIBE}`);
    expect(mail.text).toContain('“A share link is locked after too many wrong codes” is on');
    expect(mail.html).toContain(`href="${UNSUBSCRIBE}"`);
  });
});
