import { Check, Clock, QrCode, Zap } from 'lucide-react';

/**
 * The Lightning hero's illustration: an invoice as the shopper sees it and the settlement the merchant sees.
 * Decorative (the surrounding copy explains the flow), so hidden from assistive technology.
 */
export function InvoicePreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm select-none">
      <div className="absolute -inset-6 rounded-[2.5rem] bg-lightning-500/20 blur-3xl" />
      <div className="relative rounded-2xl bg-white p-5 shadow-2xl shadow-black/40 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <span className="inline-flex items-center gap-2 text-sm font-semibold text-slate-900">
            <span className="inline-flex size-8 items-center justify-center rounded-lg bg-lightning-500 text-slate-950">
              <Zap className="size-4" />
            </span>
            Lightning invoice
          </span>
          <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
            <Clock className="size-3.5" />
            Expires in 15 min
          </span>
        </div>

        <div className="mt-5 flex items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 py-6">
          <QrCode className="size-28 text-slate-900 sm:size-32" strokeWidth={1.25} />
        </div>

        <div className="mt-5 flex items-baseline justify-between gap-3">
          <p className="text-sm text-slate-500">Trail running vest</p>
          <p className="text-lg font-bold text-slate-900">$64.00</p>
        </div>
        <p className="mt-2 truncate rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs text-slate-600">
          lnbc640u1pj9x7kzpp5qf3v8m2hd0n4c7yq2t6e9ur5wlz8s3k
        </p>

        <div className="mt-5 flex items-center gap-3 rounded-xl bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200">
          <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-500 text-white">
            <Check className="size-3.5" strokeWidth={3} />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-emerald-900">Paid in under 30 seconds</p>
            <p className="truncate text-xs text-emerald-800">Settled to your OpenNode account</p>
          </div>
        </div>
      </div>
    </div>
  );
}
