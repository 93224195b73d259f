import { Check, CreditCard, Gift, Sparkles } from 'lucide-react';

/**
 * The ChatGPT page's illustration: a shopper buying inside a conversation. Decorative (the page copy says
 * the same thing), so hidden from assistive technology.
 */
export function ChatPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none">
      <div className="absolute -inset-4 rounded-[2rem] bg-gradient-to-br from-emerald-200/50 via-white/0 to-brand-200/60 blur-2xl" />
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-brand-900/10">
        <div className="flex items-center gap-2 border-b border-slate-100 px-5 py-3">
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="ml-2 text-xs font-medium text-slate-500">Shopping conversation</span>
        </div>

        <div className="space-y-4 p-5">
          <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-slate-100 px-4 py-2.5 text-sm text-slate-800">
            I need a gift for my sister. She loves tea. Something under $50?
          </p>

          <div className="flex gap-3">
            <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
              <Sparkles className="size-3.5" />
            </span>
            <div className="min-w-0 flex-1 space-y-3">
              <p className="text-sm text-slate-800">
                This loose-leaf sampler from an independent tea shop fits, and it ships ready to give:
              </p>
              <div className="rounded-xl border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-slate-900">Tea gift sampler</p>
                    <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
                      <Gift className="size-3 text-brand-600" />
                      Six teas · gift-wrapped
                    </p>
                  </div>
                  <p className="shrink-0 text-sm font-semibold text-slate-900">$38.00</p>
                </div>
                <div className="mt-3 flex items-center justify-center gap-2 rounded-lg bg-slate-900 px-3 py-2 text-xs font-semibold text-white">
                  <CreditCard className="size-3.5" />
                  Buy in chat
                </div>
              </div>
            </div>
          </div>

          <div className="flex items-center gap-3 rounded-xl bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200">
            <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-500 text-white">
              <Check className="size-3.5" strokeWidth={3} />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-emerald-900">Order placed</p>
              <p className="text-xs text-emerald-800">Paid to the merchant&apos;s own Stripe account</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
