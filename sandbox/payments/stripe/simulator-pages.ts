/** The small HTML pages a person sees on the simulator (onboarding, OAuth consent, 3-D Secure). */

import { escapeHtml } from '../../simulator-html';

export { escapeHtml, formatAmount } from '../../simulator-html';

/** A page in Stripe's colours, clearly marked as the sandbox so nobody mistakes it for the real thing. */
export function simulatorPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)} · Stripe sandbox</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#0a2540;margin:0}
main{max-width:480px;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 8px #0a25401a}
.tag{display:inline-block;background:#ffde92;color:#5a3d00;border-radius:6px;padding:.1rem .5rem;font-size:.8rem;font-weight:600}
label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #c4cdd5;border-radius:6px}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}button{border:0;border-radius:6px;padding:.7rem 1.1rem;font-weight:600;font-size:1rem;cursor:pointer}
button.primary{background:#635bff;color:#fff}button.secondary{background:#e3e8ee;color:#0a2540}
.row{display:flex;gap:.75rem}.row>div{flex:1}.hint{font-size:.8rem;color:#425466}.error{background:#fde8e8;color:#8a1c1c;border-radius:6px;padding:.6rem .75rem}
table{width:100%;border-collapse:collapse;margin:.5rem 0}td,th{text-align:left;padding:.4rem 0;border-bottom:1px solid #e3e8ee;font-size:.95rem}
td.amount,th.amount{text-align:right}section{margin-top:1.5rem}a{color:#635bff}</style></head>
<body><main><p><span class="tag">Stripe sandbox</span> simulated page</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Hidden inputs carrying values from one page to the form it posts. */
export function hiddenFields(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v!)}">`)
    .join('');
}
