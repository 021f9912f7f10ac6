import { describe, expect, it } from 'vitest';
import { TOPIC_ARN_EXAMPLE, TOPIC_ARN_MAX, validateTopicArn } from './topic-arn';

describe('validateTopicArn', () => {
  it('requires an ARN of at most the contract length', () => {
    expect(validateTopicArn('   ')).toBe('Topic ARN is required');
    expect(validateTopicArn('x'.repeat(TOPIC_ARN_MAX + 1))).toBe(
      'Topic ARN must be at most 256 characters',
    );
    expect(validateTopicArn(` ${TOPIC_ARN_EXAMPLE} `)).toBeUndefined();
  });
});
