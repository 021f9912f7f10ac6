// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, withStatus } from '@/testing/render-screen';
import type { Answer } from '@/testing/render-screen';
import CreateSnsIntegrationDialog from './create-sns-integration-dialog';

const ARN = 'arn:aws:sns:eu-west-1:123456789012:orders';
const INGEST_URL = 'https://trellis.example.com/api/v1/sns/t1/sns-event';

function renderDialog(answer: Answer) {
  const onClose = vi.fn();
  const state = renderScreen(<CreateSnsIntegrationDialog tenantId="t1" onClose={onClose} />, {
    answer,
  });
  return { ...state, onClose };
}

const arnInput = () => screen.findByLabelText('Topic ARN');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create integration' }));

describe('CreateSnsIntegrationDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the topic ARN, with an example, before calling the server', async () => {
    const { requests } = renderDialog(() => ({}));
    const input = await arnInput();
    expect(input.getAttribute('placeholder')).toMatch(/^arn:aws:sns:/);
    submit();
    expect((await screen.findByText('Topic ARN is required')).getAttribute('role')).toBe('alert');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it("shows the server's refusal under the field and keeps the dialog on the form", async () => {
    renderDialog(() =>
      withStatus(400, {
        errors: [
          {
            field: 'topicArn',
            description: 'this tenant has an SNS integration for that topic already',
          },
        ],
      }),
    );
    fireEvent.change(await arnInput(), { target: { value: ARN } });
    submit();
    const message = await screen.findByText(
      'this tenant has an SNS integration for that topic already',
    );
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Topic ARN').getAttribute('aria-invalid')).toBe('true');
    // Typing again clears it.
    fireEvent.change(screen.getByLabelText('Topic ARN'), { target: { value: `${ARN}-2` } });
    expect(screen.queryByText('this tenant has an SNS integration for that topic already')).toBe(
      null,
    );
  });

  it('sends the trimmed ARN, then shows the ingestion URL to subscribe, with copy', async () => {
    const { requests, onClose } = renderDialog(({ body }) =>
      withStatus(201, {
        metadata: {
          id: 'i1',
          createdAt: '2026-11-27T10:00:00Z',
          updatedAt: '2026-11-27T10:00:00Z',
        },
        tenantId: 't1',
        topicArn: (body as { topicArn: string }).topicArn,
        ingestUrl: INGEST_URL,
      }),
    );
    fireEvent.change(await arnInput(), { target: { value: `  ${ARN} ` } });
    submit();

    await screen.findByRole('heading', { name: 'Use this ingestion URL' });
    expect(requests.map(({ method, url, body }) => [method, url.pathname, body])).toEqual([
      ['POST', '/api/v1/tenants/t1/sns', { topicArn: ARN }],
    ]);
    expect(screen.getByRole('figure').textContent).toContain(INGEST_URL);
    expect(screen.getByRole('button', { name: 'Copy ingest URL' })).toBeTruthy();
    expect(screen.getByText(ARN)).toBeTruthy();
    // The events it creates are keyed by the URL's last segment.
    expect(screen.getByText('sns-event', { selector: 'code' })).toBeTruthy();
    expect(screen.queryByLabelText('Topic ARN')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
