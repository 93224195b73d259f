import { Hammer } from 'lucide-react';

/** A settings tab whose controls arrive in an upcoming release: it says plainly what it will hold. */
export function UpcomingTab({ coming }: { coming: string[] }) {
  return (
    <div className="flex max-w-xl gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <Hammer aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">Not available yet: this tab arrives in an upcoming release.</p>
        <ul className="mt-1 list-disc pl-5">
          {coming.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
