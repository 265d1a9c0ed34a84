import { Check } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import type { ShowcaseService } from '../showcase';

export function ShowcaseServiceCard({ service, eager = false }: { service: ShowcaseService; eager?: boolean }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <img
        src={service.image}
        alt={service.imageAlt}
        width={800}
        height={500}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[8/5] w-full object-cover"
      />
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
            <service.icon aria-hidden="true" className="size-5" />
          </span>
          <CardTitle>{service.title}</CardTitle>
        </div>
        <CardDescription className="text-base">{service.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <ul className="flex flex-col gap-2 text-sm text-slate-700" aria-label={`Points forts : ${service.title}`}>
          {service.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-600" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
