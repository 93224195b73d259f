import { Bot, Check, CreditCard, ShieldCheck, Zap } from 'lucide-react';

const TIMELINE = [
  'Offer confirmed by the agent',
  'Payment authorised with a Shared Payment Token',
  'Order created in your WooCommerce store',
];

/**
 * The hero's illustration: what an agent checkout looks like from the merchant's side. Purely decorative
 * (the copy around it says the same thing), so it is hidden from assistive technology.
 */
export function AgentCheckoutPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none">
      <div className="absolute -inset-4 rounded-[2rem] bg-gradient-to-tr from-brand-200/60 via-white/0 to-lightning-400/30 blur-2xl" />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-brand-900/10 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
              <Bot className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">AI shopping agent</p>
              <p className="text-xs text-slate-500">Checkout inside the conversation</p>
            </div>
          </div>
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            <span className="size-1.5 rounded-full bg-emerald-500" />
            Live
          </span>
        </div>

        <div className="mt-5 flex items-center justify-between gap-4 rounded-xl bg-slate-50 p-4">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900">Merino crew sweater</p>
            <p className="text-xs text-slate-500">Size M · Charcoal · Qty 1</p>
          </div>
          <p className="shrink-0 text-sm font-semibold text-slate-900">$89.00</p>
        </div>

        <div className="mt-3 grid grid-cols-2 gap-2 text-xs font-medium">
          <div className="flex items-center gap-2 rounded-lg border-2 border-brand-500 bg-brand-50 px-3 py-2 text-brand-800">
            <CreditCard className="size-4 shrink-0" />
            Card
          </div>
          <div className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-slate-600">
            <Zap className="size-4 shrink-0 text-lightning-500" />
            Lightning
          </div>
        </div>

        <ol className="mt-5 space-y-3">
          {TIMELINE.map((step) => (
            <li key={step} className="flex items-start gap-3">
              <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-500 text-white">
                <Check className="size-3" strokeWidth={3} />
              </span>
              <span className="text-sm text-slate-700">{step}</span>
            </li>
          ))}
        </ol>

        <div className="mt-5 flex items-center gap-2 border-t border-slate-100 pt-4 text-xs text-slate-600">
          <ShieldCheck className="size-4 shrink-0 text-emerald-600" />
          Settled directly to your own Stripe account
        </div>
      </div>
    </div>
  );
}
