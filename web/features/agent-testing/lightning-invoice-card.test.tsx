import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '#web/components/ui/button';
import { LightningInvoiceCard } from './lightning-invoice-card';
import { formatDuration } from './use-countdown';

const NOW = new Date('2026-11-05T12:00:00Z');
/** An invoice expiring 15 minutes after `from`. */
const invoiceFrom = (from: number) => ({
  paymentRequest: 'lntb23980n1pjtestinvoicexyz',
  expiresAt: new Date(from + 15 * 60_000).toISOString(),
  checkoutId: 'chk_1',
});
const invoice = invoiceFrom(Date.now());

afterEach(() => vi.useRealTimers());

describe('LightningInvoiceCard', () => {
  it('shows the QR code drawn locally, the payment request, the amount and the waiting line', async () => {
    render(
      <LightningInvoiceCard invoice={invoice} amount="GBP 23.98">
        <Button>Pay this invoice (sandbox)</Button>
      </LightningInvoiceCard>,
    );
    const qr = await screen.findByRole('img', { name: 'QR code of the Lightning payment request' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByLabelText('Payment request')).toHaveValue(invoice.paymentRequest);
    expect(screen.getByText('Lightning invoice for GBP 23.98')).toBeInTheDocument();
    expect(screen.getByText('Waiting for payment...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay this invoice (sandbox)' })).toBeInTheDocument();
  });

  it('copies the payment request', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<LightningInvoiceCard invoice={invoice} />);
    await user.click(screen.getByRole('button', { name: 'Copy payment request' }));
    expect(writeText).toHaveBeenCalledWith(invoice.paymentRequest);
    expect(await screen.findByText('Payment request copied to clipboard.')).toBeInTheDocument();
  });

  it('counts down to expiry every second, then says the invoice expired', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    render(<LightningInvoiceCard invoice={invoiceFrom(NOW.getTime())} />);
    expect(screen.getByText('Expires in 15:00')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByText('Expires in 13:59')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(14 * 60_000));
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for payment...')).not.toBeInTheDocument();
    expect(screen.getByText('This invoice has expired. Start a new test to get a fresh one.')).toBeVisible();
  });
});

describe('formatDuration', () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(754_000)).toBe('12:34');
    expect(formatDuration(500)).toBe('0:01');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
