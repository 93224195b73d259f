import { Check, Clock, Zap } from 'lucide-react';

const QR_SIZE = 25;

/** A QR-like pattern (finder squares plus seeded noise) drawn as one SVG path; it encodes nothing. */
const QR_PATH = (() => {
  let seed = 7;
  const rand = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const inFinder = (x: number, y: number) =>
    (x < 8 && y < 8) || (x >= QR_SIZE - 8 && y < 8) || (x < 8 && y >= QR_SIZE - 8);
  const finderDark = (x: number, y: number) => {
    const fx = x >= QR_SIZE - 8 ? x - (QR_SIZE - 7) : x;
    const fy = y >= QR_SIZE - 8 ? y - (QR_SIZE - 7) : y;
    if (fx < 0 || fy < 0 || fx > 6 || fy > 6) return false;
    const ring = Math.min(fx, fy, 6 - fx, 6 - fy);
    return ring !== 1;
  };
  let d = '';
  for (let y = 0; y < QR_SIZE; y++) {
    for (let x = 0; x < QR_SIZE; x++) {
      const dark = inFinder(x, y) ? finderDark(x, y) : rand() < 0.5;
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }
  }
  return d;
})();

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
          <span className="inline-flex items-center gap-2 text-sm font-semibold whitespace-nowrap text-slate-900">
            <span className="inline-flex size-8 items-center justify-center rounded-lg bg-lightning-500 text-slate-950">
              <Zap className="size-4" />
            </span>
            Lightning invoice
          </span>
          <span className="inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap text-slate-500">
            <Clock className="size-3.5" />
            Expires in 15 min
          </span>
        </div>

        <div className="mt-5 flex items-center justify-center rounded-xl border border-slate-200 bg-slate-50 py-5">
          <svg viewBox={`-1 -1 ${QR_SIZE + 2} ${QR_SIZE + 2}`} className="size-32 text-slate-900 sm:size-36">
            <rect x={-1} y={-1} width={QR_SIZE + 2} height={QR_SIZE + 2} fill="white" />
            <path d={QR_PATH} fill="currentColor" shapeRendering="crispEdges" />
          </svg>
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
            <p className="text-xs text-emerald-800">Settled to your OpenNode account</p>
          </div>
        </div>
      </div>
    </div>
  );
}
