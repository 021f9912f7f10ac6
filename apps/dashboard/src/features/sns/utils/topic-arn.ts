/**
 * What the dashboard checks of a topic ARN before sending it. The server checks the rest (the
 * ARN's form, and that the tenant has no integration for the topic yet) and says so under the
 * field; repeating its pattern here would only let the two drift apart.
 */

/** The contract's limit (`CreateSNSIntegrationRequest.topicArn`). */
export const TOPIC_ARN_MAX = 256;

export const TOPIC_ARN_EXAMPLE = 'arn:aws:sns:us-east-1:123456789012:order-events';

/** The message to show under the field, or undefined when the ARN may be sent. */
export function validateTopicArn(value: string): string | undefined {
  const arn = value.trim();
  if (arn === '') return 'Topic ARN is required';
  if (arn.length > TOPIC_ARN_MAX) return `Topic ARN must be at most ${TOPIC_ARN_MAX} characters`;
  return undefined;
}
