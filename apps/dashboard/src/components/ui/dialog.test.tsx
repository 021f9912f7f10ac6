// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogHeader } from './dialog';

/** A dialog opened from state, as most screens do: no Trigger for Radix to refocus. */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent>
            <DialogHeader title="Settings" />
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

describe('DialogContent', () => {
  afterEach(cleanup);

  it('gives the focus back to what opened it when it closes', async () => {
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    // The dialog's Radix code loads when it first opens.
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    act(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
