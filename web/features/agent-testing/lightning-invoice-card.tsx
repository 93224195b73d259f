import { Check, Copy, LoaderCircle, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { useCopyToClipboard } from '#web/lib/use-copy-to-clipboard';
import { QrCodeImage } from '#web/components/ui/qr-code-image';
import { formatDuration, useCountdown } from './use-countdown';

/** A Lightning invoice: what a wallet pays, until when, and the checkout it settles. */
export interface LightningInvoice {
  /** The BOLT11 payment request. */
  paymentRequest: string;
  /** ISO 8601. */
  expiresAt: string;
  checkoutId: string;
}

interface LightningInvoiceCardProps {
  invoice: LightningInvoice;
  /** What the invoice asks for, already formatted ("GBP 23.98"). */
  amount?: string;
  /** Actions under the waiting line, such as paying the invoice through the sandbox. */
  children?: ReactNode;
}

/**
 * A Lightning invoice waiting to be paid (/testing/agent, onboarding step 4): its QR code, the
 * payment request to copy, a live countdown to expiry and 'Waiting for payment...'.
 */
export function LightningInvoiceCard({ invoice, amount, children }: LightningInvoiceCardProps) {
  const left = useCountdown(invoice.expiresAt);
  const expired = left === 0;
  const expiresAt = new Date(invoice.expiresAt).toLocaleTimeString([], {
    hour: 'numeric',
    minute: '2-digit',
  });

  return (
    <Card aria-label="Lightning invoice" role="region" className="overflow-hidden">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 border-b border-slate-100">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-lightning-400/20 text-lightning-600">
            <Zap aria-hidden="true" className="size-4" />
          </span>
          <div className="grid gap-1">
            <CardTitle className="text-base">Lightning invoice{amount ? ` for ${amount}` : ''}</CardTitle>
            <CardDescription>Scan it with any Lightning wallet, or copy the payment request.</CardDescription>
          </div>
        </div>
        <Badge variant={expired ? 'danger' : 'warning'} className="tabular-nums">
          {expired ? 'Expired' : `Expires in ${formatDuration(left)}`}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-6 pt-6 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <QrCodeImage
          // Upper case keeps the code in the QR alphanumeric mode: a smaller, easier-to-scan code.
          value={`LIGHTNING:${invoice.paymentRequest.toUpperCase()}`}
          label="QR code of the Lightning payment request"
          className="mx-auto max-w-56 sm:max-w-none"
        />
        <div className="grid content-start gap-4">
          <PaymentRequestField paymentRequest={invoice.paymentRequest} />
          <p className="text-sm text-slate-600">
            {expired ? 'Expired' : 'Expires'} at <time dateTime={invoice.expiresAt}>{expiresAt}</time>
          </p>
          <div
            role="status"
            className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium text-slate-800"
          >
            {expired ? (
              'This invoice has expired. Start a new test to get a fresh one.'
            ) : (
              <>
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-brand-600" />
                Waiting for payment...
              </>
            )}
          </div>
          {children && <div className="flex flex-wrap gap-3">{children}</div>}
        </div>
      </CardContent>
    </Card>
  );
}

function PaymentRequestField({ paymentRequest }: { paymentRequest: string }) {
  const { state, copy } = useCopyToClipboard();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-end gap-2">
        <Field label="Payment request" className="min-w-0 flex-1">
          <Input
            readOnly
            value={paymentRequest}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-xs"
          />
        </Field>
        <Button variant="outline" onClick={() => copy(paymentRequest)} aria-label="Copy payment request">
          {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          Copy
        </Button>
      </div>
      <p role="status" className="min-h-4 text-xs text-slate-600">
        {state === 'copied' && 'Payment request copied to clipboard.'}
        {state === 'failed' && 'Copying is blocked here: select the payment request and copy it yourself.'}
      </p>
    </div>
  );
}
