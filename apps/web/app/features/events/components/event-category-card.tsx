import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import type { EventCategoryInfo } from '../event-categories';

export function EventCategoryCard({ category, eager = false }: { category: EventCategoryInfo; eager?: boolean }) {
  return (
    <Card className="h-full overflow-hidden">
      <img
        src={category.image}
        alt={category.imageAlt}
        width={1200}
        height={675}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-video w-full object-cover"
      />
      <CardHeader>
        <CardTitle>{category.name}</CardTitle>
        <CardDescription className="text-base">{category.description}</CardDescription>
      </CardHeader>
    </Card>
  );
}
