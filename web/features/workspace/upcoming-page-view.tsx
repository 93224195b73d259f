import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { useSeo } from '#web/lib/use-seo';
import type { UpcomingPage } from './upcoming-pages';

export function UpcomingPageView({ page }: { page: UpcomingPage }) {
  useSeo({ title: page.title, description: page.summary, path: page.path, noIndex: true });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{page.title}</h1>
        <p className="mt-1 text-slate-600">{page.summary}</p>
      </div>
      <Card>
        <CardHeader>
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-amber-100 text-amber-700">
              <Hammer aria-hidden="true" className="size-5" />
            </span>
            <div>
              <CardTitle>This page is not available yet</CardTitle>
              <CardDescription>It is being built and will arrive in an upcoming release.</CardDescription>
            </div>
            <Badge variant="warning" className="ml-auto hidden sm:inline-flex">
              In progress
            </Badge>
          </div>
        </CardHeader>
        <CardContent>
          <p className="text-sm font-medium text-slate-800">What you will find here:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
            {page.coming.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <Link to="/supported">See supported platforms</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to="/contact">Ask us a question</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
