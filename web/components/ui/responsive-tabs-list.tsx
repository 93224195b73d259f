import { useId, type ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { Label } from './field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import { TabsList, TabsTrigger } from './tabs';

export interface TabChoice {
  value: string;
  /** What the tab shows (it may carry a badge)… */
  tab: ReactNode;
  /** …and the same choice as plain words, for the list a phone shows instead. */
  text: string;
}

/** Below this width the tabs would not fit their row, so they become a list; literal classes for Tailwind. */
const BREAKPOINT = {
  sm: { list: 'sm:hidden', tabs: 'hidden sm:flex' },
  lg: { list: 'lg:hidden', tabs: 'hidden lg:flex' },
} as const;

/**
 * A Tabs row that never hides a tab off screen: on a narrow screen the same choice is a labelled select
 * (a tab bar that scrolls sideways hides its last tabs with no cue). Render inside Tabs, which owns the value.
 */
export function ResponsiveTabsList({
  label,
  choices,
  value,
  onValueChange,
  below = 'sm',
  className,
}: {
  label: string;
  choices: TabChoice[];
  value: string;
  onValueChange(value: string): void;
  below?: keyof typeof BREAKPOINT;
  className?: string;
}) {
  const pickerId = useId();
  return (
    <>
      <div className={cn('grid gap-1.5', BREAKPOINT[below].list)}>
        <Label htmlFor={pickerId}>{label}</Label>
        <Select value={value} onValueChange={onValueChange}>
          <SelectTrigger id={pickerId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.text}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <TabsList aria-label={label} className={cn(BREAKPOINT[below].tabs, className)}>
        {choices.map((choice) => (
          <TabsTrigger key={choice.value} value={choice.value} className="gap-1.5">
            {choice.tab}
          </TabsTrigger>
        ))}
      </TabsList>
    </>
  );
}
