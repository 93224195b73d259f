import { Cookie, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CONSENT_KEY } from '#common/domain/limits';
import { Button } from '#web/components/ui/button';
import { useHydrated } from '#web/lib/use-hydrated';

type Consent = 'accepted' | 'declined';

function readConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

/**
 * While the banner shows, the page ends that much lower, so whatever it floats over at the bottom of the
 * page (a form's Continue, say) can be scrolled above it.
 */
function useRoomBelowPage() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    // Its height changes only with the window's width.
    const makeRoom = () => {
      document.body.style.paddingBottom = `${banner.offsetHeight}px`;
    };
    makeRoom();
    window.addEventListener('resize', makeRoom);
    return () => {
      window.removeEventListener('resize', makeRoom);
      document.body.style.paddingBottom = '';
    };
  }, []);
  return ref;
}

/** Shown until a choice is stored in gdpr-consent; closing counts as declining. */
export function CookieBanner() {
  // Hidden until hydrated: the pre-rendered page cannot know the visitor's stored choice.
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<Consent | null>(null);
  if (!hydrated || chosen || readConsent()) return null;
  return <ConsentRequest onChoose={setChosen} />;
}

function ConsentRequest({ onChoose }: { onChoose(value: Consent): void }) {
  const ref = useRoomBelowPage();

  const choose = (value: Consent) => {
    try {
      window.localStorage.setItem(CONSENT_KEY, value);
    } catch {
      // Without storage the banner simply returns on the next visit.
    }
    onChoose(value);
  };

  return (
    <div
      ref={ref}
      role="region"
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-4"
    >
      <div className="relative mx-auto flex max-w-4xl flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 pr-12 shadow-2xl sm:flex-row sm:items-center sm:py-4">
        <Cookie aria-hidden="true" className="hidden size-8 shrink-0 text-brand-600 sm:block" />
        <p className="text-sm text-slate-700">
          We use essential cookies to keep you signed in and remember your preferences. We set no analytics
          cookies unless you accept. Read our{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={() => choose('declined')}>
            Decline
          </Button>
          <Button onClick={() => choose('accepted')}>Accept</Button>
        </div>
        <button
          type="button"
          onClick={() => choose('declined')}
          className="absolute right-3 top-3 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          aria-label="Close cookie banner"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}
