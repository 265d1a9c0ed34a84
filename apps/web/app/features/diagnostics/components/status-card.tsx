import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import type { StatusItem, StatusLevel } from '../static-status';

export const statusBadges: Record<StatusLevel, { label: string; variant: 'success' | 'accent' | 'default' }> = {
  ok: { label: 'Opérationnel', variant: 'success' },
  warning: { label: 'À surveiller', variant: 'accent' },
  info: { label: 'Information', variant: 'default' },
};

export function StatusBadge({ level }: { level: StatusLevel }) {
  const badge = statusBadges[level];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

export function StatusCard({ item }: { item: StatusItem }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
            <item.icon aria-hidden="true" className="size-5" />
          </span>
          <div className="flex flex-col items-start gap-1.5">
            <CardTitle className="text-base">{item.title}</CardTitle>
            <StatusBadge level={item.level} />
          </div>
        </div>
        <CardDescription>{item.summary}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          {item.details.map((detail) => (
            <div key={detail.label} className="flex justify-between gap-4 border-t border-slate-100 pt-2">
              <dt className="text-slate-600">{detail.label}</dt>
              <dd className="whitespace-nowrap text-right font-semibold text-slate-900">{detail.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function StatusGrid({ items, labelledBy }: { items: readonly StatusItem[]; labelledBy?: string }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.title}>
          <StatusCard item={item} />
        </li>
      ))}
    </ul>
  );
}
