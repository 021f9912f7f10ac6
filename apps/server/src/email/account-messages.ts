import type { EmailMessage } from './email-message';

/** The address-verification message mailed at registration and on request. */
export function verificationMessage(input: {
  to: string;
  name: string | null;
  link: string;
  validHours: number;
}): EmailMessage {
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  const lines = [
    'Confirm that this is your email address to start using your Trellis account.',
    `The link works once and expires in ${input.validHours} hours. If you did not create an account, ignore this message.`,
  ];
  return {
    to: input.to,
    subject: 'Verify your email address for Trellis',
    link: input.link,
    text: [greeting, '', lines[0], '', input.link, '', lines[1], ''].join('\n'),
    html: layout([greeting, lines[0]!], { label: 'Verify email address', href: input.link }, [
      lines[1]!,
    ]),
  };
}

/** The message to someone invited to a tenant; the link opens the invites screen. */
export function inviteMessage(input: {
  to: string;
  tenantName: string;
  inviterEmail: string;
  link: string;
  validDays: number;
}): EmailMessage {
  const intro = `${input.inviterEmail} invited you to join the tenant "${input.tenantName}" on Trellis.`;
  const howTo = `Sign in as ${input.to} (or create an account with this address) to accept or decline. The invite expires in ${input.validDays} days.`;
  return {
    to: input.to,
    subject: `You are invited to join ${input.tenantName} on Trellis`,
    link: input.link,
    text: [intro, '', howTo, '', input.link, ''].join('\n'),
    html: layout([intro, howTo], { label: 'View invite', href: input.link }, []),
  };
}

/** Paragraphs, one button, then smaller print, in markup mail clients render alike. */
function layout(before: string[], button: { label: string; href: string }, after: string[]) {
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const small = (text: string) =>
    `<p style="margin:16px 0 0;color:#6b7280;font-size:13px">${escapeHtml(text)}</p>`;
  const href = escapeHtml(button.href);
  return [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;color:#111827">',
    ...before.map(paragraph),
    `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:10px 16px;border-radius:6px;background:#2563eb;color:#ffffff;text-decoration:none">${escapeHtml(button.label)}</a></p>`,
    small(`Or open this address: ${button.href}`),
    ...after.map(small),
    '</body></html>',
  ].join('');
}

/** Text made safe to place in HTML (also for the alert messages). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
