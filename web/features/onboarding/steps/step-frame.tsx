import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';

/** One onboarding step: its title and purpose, its content, and the Back / Continue row. */
export function StepFrame({
  title,
  description,
  children,
  onBack,
  next,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  onBack?(): void;
  /** The step's forward action (Continue, Finish…), disabled until the step's work is done. */
  next?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="border-b border-slate-100">
        <h2 className="text-xl font-semibold leading-tight text-slate-900">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 pt-6">
        {children}
        {(onBack || next) && (
          <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
            {onBack ? (
              <Button variant="ghost" onClick={onBack}>
                <ArrowLeft aria-hidden="true" />
                Back
              </Button>
            ) : (
              <span />
            )}
            {next}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
