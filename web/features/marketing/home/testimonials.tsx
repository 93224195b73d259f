import { Quote } from 'lucide-react';
import { Lead, Section } from '#web/components/ui/section';
import { CtaActions } from '#web/features/marketing/sections/cta-actions';
import { SectionIntro } from '#web/features/marketing/sections/section-intro';

const TESTIMONIALS = [
  {
    quote:
      'I expected a week of plugin wrangling. Instead I pasted my WooCommerce keys, connected Stripe and ran a test order before my coffee went cold. Agent orders now show up next to our regular ones.',
    name: 'Hannah Whitfield',
    role: 'Founder',
    store: 'handmade ceramics shop',
    initials: 'HW',
  },
  {
    quote:
      'What sold me was that the money never sits with anyone else. Card payments land in our own Stripe account, refunds stay where they always were, and my accountant did not have to learn anything new.',
    name: 'Marcus Delgado',
    role: 'Operations lead',
    store: 'outdoor gear retailer',
    initials: 'MD',
  },
  {
    quote:
      'We run a custom backend, so I was braced for a long integration. Two endpoints, a readiness check that told us exactly what was missing, and Lightning payments settling to our OpenNode account.',
    name: 'Priya Raman',
    role: 'CTO',
    store: 'specialty coffee roaster',
    initials: 'PR',
  },
];

/** Home page testimonials plus a closing call to action. */
export function Testimonials() {
  return (
    <div className="bg-gradient-to-b from-white to-brand-50/70">
      <Section aria-labelledby="testimonials-heading">
        <SectionIntro
          eyebrow="From our merchants"
          headingId="testimonials-heading"
          title="Independent stores, selling where shoppers ask"
        />
        <ul className="mt-14 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
                <Quote aria-hidden="true" className="size-8 text-brand-300" />
                <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
                  <p>&ldquo;{t.quote}&rdquo;</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-6">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
                  >
                    {t.initials}
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-600">
                      {t.role}, {t.store}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>

        <div className="mx-auto mt-20 max-w-2xl text-center">
          <h2 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
            Your next customer might already be asking an AI agent
          </h2>
          <Lead className="mt-4">
            Start your 14-day free trial and connect your store in under 5 minutes.
          </Lead>
          <CtaActions
            primary={{ to: '/auth', label: 'Start for Free' }}
            secondary={{ to: '/pricing', label: 'See pricing' }}
            className="mt-8 justify-center"
          />
        </div>
      </Section>
    </div>
  );
}
