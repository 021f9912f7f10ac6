/**
 * What is posted to an incoming webhook: `text` is the notification and the fallback for
 * clients that cannot show blocks; `blocks` lay the message out (Block Kit, the few kinds used).
 */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}

type Mrkdwn = { type: 'mrkdwn'; text: string };
type PlainText = { type: 'plain_text'; text: string };

export type SlackBlock =
  | { type: 'header'; text: PlainText }
  | { type: 'section'; text: Mrkdwn }
  | { type: 'context'; elements: Mrkdwn[] }
  | {
      type: 'actions';
      elements: { type: 'button'; text: PlainText; url: string; style?: 'primary' }[];
    };

/** Slack reads `&`, `<` and `>` as markup in every text field: these are escaped. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A link in mrkdwn (`|` ends the address, so none may be in it). */
export function slackLink(url: string, label: string): string {
  return `<${url.replace(/\|/g, '%7C')}|${escapeSlack(label)}>`;
}

/** Longest text of a section block Slack accepts. */
const MAX_SECTION_CHARS = 3_000;

/** Cuts escaped text to `max` characters, never through an escape. */
function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).replace(/&[a-z]*$/, '')}…` : text;
}

/** A section of mrkdwn, cut to what Slack accepts. */
export function section(mrkdwn: string): SlackBlock {
  return { type: 'section', text: { type: 'mrkdwn', text: cut(mrkdwn, MAX_SECTION_CHARS) } };
}

/**
 * Text quoted as code, short enough to leave room in its section: triple backticks inside
 * would end the block early.
 */
export function codeBlock(text: string): string {
  return `\`\`\`${cut(escapeSlack(text).replace(/```/g, "'''"), MAX_SECTION_CHARS - 200)}\`\`\``;
}
