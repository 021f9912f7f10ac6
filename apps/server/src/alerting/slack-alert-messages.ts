/**
 * The alerts of alert-messages.ts as Slack messages: the same content, laid out in blocks, with
 * `text` for the notification.
 */
import {
  codeBlock,
  escapeSlack,
  section,
  slackLink,
  type SlackBlock,
  type SlackMessage,
} from '../slack/slack-message';
import {
  failedRunsLabel,
  FREQUENCY_NOTE,
  NO_ERROR_RECORDED,
  resourceLimitSentence,
  type AlertedRun,
  type ResourceLimitContent,
} from './alert-messages';

const button = (url: string, label: string): SlackBlock => ({
  type: 'actions',
  elements: [{ type: 'button', text: { type: 'plain_text', text: label }, url, style: 'primary' }],
});
const context = (mrkdwn: string): SlackBlock => ({
  type: 'context',
  elements: [{ type: 'mrkdwn', text: mrkdwn }],
});

/** One failed run at once, or (with `heldSince`) the failures held back since then. */
export function failureAlertSlack(input: {
  tenantName: string;
  runs: readonly AlertedRun[];
  total: number;
  heldSince?: Date | undefined;
}): SlackMessage {
  const [first, ...others] = input.runs;
  if (!first) throw new Error('an alert names at least one run');
  const tenant = escapeSlack(input.tenantName);
  const workflow = slackLink(first.link, first.workflowName);
  const error = first.error?.trim() || NO_ERROR_RECORDED;
  const blocks: SlackBlock[] = [];
  let text: string;
  if (input.heldSince === undefined) {
    text = `[${input.tenantName}] ${first.workflowName} failed`;
    blocks.push(
      section(
        `:red_circle: A run of *${workflow}* failed in the tenant *${tenant}* at ${first.finishedAt.toISOString()}.`,
      ),
    );
  } else {
    const since = input.heldSince.toISOString();
    text = `[${input.tenantName}] ${failedRunsLabel(input.total)} since ${since}`;
    blocks.push(
      section(
        `:red_circle: *${failedRunsLabel(input.total)}* since ${since} in the tenant *${tenant}*. The first: *${workflow}* failed at ${first.finishedAt.toISOString()}.`,
      ),
    );
  }
  blocks.push(section(`*Error*\n${codeBlock(error)}`));
  if (others.length > 0) {
    const unlisted = input.total - 1 - others.length;
    const listed = others.map((run) => `• ${slackLink(run.link, run.workflowName)}`).join('\n');
    blocks.push(
      section(
        `Among the others${unlisted > 0 ? ` (${unlisted} more not listed)` : ''}:\n${listed}`,
      ),
    );
  }
  blocks.push(button(first.link, 'View run'), context(escapeSlack(FREQUENCY_NOTE)));
  return { text, blocks };
}

export function expiringTokensSlack(input: {
  tenantName: string;
  tokens: readonly { name: string; expiresAt: Date }[];
  link: string;
}): SlackMessage {
  const count = input.tokens.length;
  const text = `[${input.tenantName}] ${count === 1 ? `API token "${input.tokens[0]!.name}" expires` : `${count} API tokens expire`} soon`;
  const lines = input.tokens.map(
    (token) => `• *${escapeSlack(token.name)}*: expires ${token.expiresAt.toISOString()}`,
  );
  return {
    text,
    blocks: [
      section(
        `:warning: ${count === 1 ? 'This API token' : 'These API tokens'} of the tenant *${escapeSlack(input.tenantName)}* will expire within 7 days. Workers and clients using ${count === 1 ? 'it' : 'them'} stop working then: create a new token and replace ${count === 1 ? 'it' : 'them'}.`,
      ),
      section(lines.join('\n')),
      button(input.link, 'Manage API tokens'),
    ],
  };
}

export function resourceLimitSlack(input: ResourceLimitContent): SlackMessage {
  const sentence = resourceLimitSentence(input);
  return {
    text: `[${input.tenantName}] ${sentence.subject}`,
    blocks: [
      section(`:warning: ${escapeSlack(sentence.body)}`),
      button(input.link, 'View resource limits'),
    ],
  };
}
